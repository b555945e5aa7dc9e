"""Train the page-type model (numpy, training only) and write plain JSON
weights for pagetype.py. Prints the 5-fold, domain-grouped CV accuracy and
confusion matrix. Usage: python train_pagetype.py [features.pkl]"""
import json, pickle, sys
import numpy as np
sys.path.insert(0, "/tmp/r2")
import corpus, train

L2, BALANCE, ITERS = 1e-3, 0.0, 1500

if __name__ == "__main__":
    src = sys.argv[1] if len(sys.argv) > 1 else "/tmp/r2/out/feats_cheap.pkl"
    pages = corpus.load()
    feats = pickle.load(open(src, "rb"))
    X, names = train.matrix(feats, pages)
    y = np.array([train.TYPES.index(p["type"]) for p in pages])
    fold = np.array(train.folds_by_domain([p["domain"] or p["id"] for p in pages]))
    pred = train.cv(X, y, fold, balance=BALANCE, l2=L2, iters=ITERS)
    M, acc = train.report(y, pred, "5-fold by domain")
    np.save(src.replace(".pkl", "_cvpred.npy"), pred)
    k = len(train.TYPES)
    counts = np.bincount(y, minlength=k)
    cw = (counts.sum() / (k * counts)) ** BALANCE
    W, b = train.fit(X, y, k, l2=L2, weights=cw[y], iters=ITERS)
    model = {"types": list(train.TYPES), "bias": [round(float(v), 5) for v in b],
             "weights": {n: [round(float(v), 5) for v in W[i]] for i, n in enumerate(names) if np.abs(W[i]).max() > 1e-4}}
    out = "/tmp/r2/pagetype_model.json"
    json.dump(model, open(out, "w"), indent=0)
    print("features", len(model["weights"]), "written", out)
    # top weights per class
    for j, t in enumerate(train.TYPES):
        order = np.argsort(-W[:, j])[:8]
        print(f"  {t:<14}", ", ".join(f"{names[i]} {W[i, j]:+.1f}" for i in order))
