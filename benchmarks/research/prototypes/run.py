"""python run.py NAME module:function [--types a,b]  -> out/NAME.json {id: [P,R,F1,text]}"""
import importlib, json, sys, time
from multiprocessing import Pool
sys.path.insert(0, "/tmp/r2")
import corpus

FN = None
def _init(spec):
    global FN
    mod, fn = spec.split(":")
    FN = getattr(importlib.import_module(mod), fn)

def _one(pg):
    import os; os.environ["R2_PAGE"] = pg["id"]
    t = time.perf_counter()
    try:
        text = FN(pg["html"], pg["url"])
    except Exception as e:
        text = ""
        print("ERR", pg["id"], repr(e)[:200], file=sys.stderr)
    dt = time.perf_counter() - t
    P, R, F = corpus.prf(text, pg["truth"])
    return pg["id"], [P, R, F, text, dt]

if __name__ == "__main__":
    name, spec = sys.argv[1], sys.argv[2]
    pages = corpus.load()
    if len(sys.argv) > 3:
        keep = set(sys.argv[3].split(","))
        pages = [p for p in pages if p["type"] in keep or p["id"] in keep]
    with Pool(2, _init, (spec,)) as pool:
        res = dict(pool.imap_unordered(_one, pages, chunksize=4))
    json.dump(res, open(f"/tmp/r2/out/{name}.json", "w"))
    corpus.table({k: v[2] for k, v in res.items()}, pages, name)
