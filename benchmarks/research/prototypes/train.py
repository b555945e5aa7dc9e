"""Multinomial logistic regression (numpy), 5-fold CV grouped by domain."""
import sys, pickle, json, random, hashlib
import numpy as np
sys.path.insert(0, "/tmp/r2")
import corpus

TYPES = corpus.TYPES


def fit(X, y, k, l2=1e-2, weights=None, iters=3000, lr=0.5):
    n, d = X.shape
    W = np.zeros((d, k)); b = np.zeros(k)
    Y = np.eye(k)[y]
    w = np.ones(n) if weights is None else weights
    w = w / w.sum()
    mW = np.zeros_like(W); vW = np.zeros_like(W); mb = np.zeros_like(b); vb = np.zeros_like(b)
    for t in range(1, iters + 1):
        Z = X @ W + b
        Z -= Z.max(1, keepdims=True)
        P = np.exp(Z); P /= P.sum(1, keepdims=True)
        G = (P - Y) * w[:, None]
        gW = X.T @ G + l2 * W
        gb = G.sum(0)
        # adam
        for (p, g, m, v) in ((W, gW, mW, vW), (b, gb, mb, vb)):
            m *= 0.9; m += 0.1 * g
            v *= 0.999; v += 0.001 * g * g
            p -= lr * 0.05 * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-8)
    return W, b


def predict(X, W, b):
    return (X @ W + b).argmax(1)


def folds_by_domain(domains, k=5):
    return [int(hashlib.md5(d.encode()).hexdigest(), 16) % k for d in domains]


def matrix(feats, pages, names=None):
    names = names or sorted({n for f in feats.values() for n in f})
    X = np.array([[feats[p["id"]].get(n, 0.0) for n in names] for p in pages])
    return X, names


def cv(X, y, fold, balance=0.5, l2=1e-2, iters=1500):
    k = len(TYPES)
    pred = np.zeros(len(y), int)
    counts = np.bincount(y, minlength=k)
    for f in range(5):
        tr = fold != f
        cw = (counts.sum() / (k * counts)) ** balance
        W, b = fit(X[tr], y[tr], k, l2=l2, weights=cw[y[tr]], iters=iters)
        pred[~tr] = predict(X[~tr], W, b)
    return pred


def report(y, pred, title=""):
    k = len(TYPES)
    M = np.zeros((k, k), int)
    for a, p in zip(y, pred):
        M[a, p] += 1
    acc = (y == pred).mean()
    rec = M.diagonal() / M.sum(1)
    print(f"{title} accuracy {acc:.3f}  balanced {rec.mean():.3f}")
    print("true\\pred     " + "".join(f"{t[:6]:>7}" for t in TYPES) + "  recall")
    for i, t in enumerate(TYPES):
        print(f"{t:<13}" + "".join(f"{M[i, j]:>7}" for j in range(k)) + f"  {rec[i]:.2f}")
    prec = M.diagonal() / np.maximum(M.sum(0), 1)
    print("precision    " + "".join(f"{x:>7.2f}" for x in prec))
    return M, acc


if __name__ == "__main__":
    pages = corpus.load()
    feats = pickle.load(open(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r2/out/feats_rich.pkl", "rb"))
    X, names = matrix(feats, pages)
    y = np.array([TYPES.index(p["type"]) for p in pages])
    fold = np.array(folds_by_domain([p["domain"] or p["id"] for p in pages]))
    for balance in (0.0, 0.5, 1.0):
        for l2 in (1e-3, 1e-2):
            pred = cv(X, y, fold, balance=balance, l2=l2)
            print(balance, l2, "acc", (pred == y).mean().round(3))
