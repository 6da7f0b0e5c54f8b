#!/usr/bin/env python3
"""Fit pp-extract's confidence model from training rows and write it as data the tool reads.

    python3 bench/extract/fit_confidence.py -o Sources/Extract/Model/confidence.json ROWS.jsonl ...

Rows come from `pp-extract --no-model --explain RESULTS | pp-extract eval --truth T --features-out ROWS`
(one per candidate: field, features, whether the confirmed value says it is right, and a group: the
synthetic layout family or the document). Per field: a logistic regression over the features, then a
sigmoid map (Platt scaling) from its probability to the rate observed on documents left out of fitting (grouped
cross-validation, so no family is calibrated on itself). The map is fitted on candidates without a veto
only: a vetoed one is capped at its rule score by the tool, so the map never sets its confidence, and
counting it (a payee account on a notice that asks for no payment, say) would pull the map down for
the candidates it does set. Needs scikit-learn (a build-time tool only).

Only the tuning half may be fitted on (split.py): every row's `family` must name its origin, and a row
of the checking half, or of no known origin, stops the fit before anything is written.
"""
import argparse
import json
import os
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import split  # noqa: E402

# scikit-learn and numpy, imported only once the rows have passed the check (import_sklearn).
np = DictVectorizer = LogisticRegression = GroupKFold = None

# Regularisation: strong enough that a feature seen on a handful of documents cannot dominate.
C = 0.5
FOLDS = 5
# Calibration points kept in the data file (linear between them).
MAX_POINTS = 40
# No step of the map says "never" or "always": a few hundred documents cannot show either.
FLOOR, CEILING = 0.005, 0.995


def refuse(message):
    print("fit: " + message, file=sys.stderr)
    sys.exit(2)


def import_sklearn():
    global np, DictVectorizer, LogisticRegression, GroupKFold
    try:
        import numpy as np
        from sklearn.feature_extraction import DictVectorizer
        from sklearn.linear_model import LogisticRegression
        from sklearn.model_selection import GroupKFold
    except ImportError as e:
        refuse("needs scikit-learn and numpy (pip install scikit-learn): %s" % e)


def load(paths):
    """Every row of the files, each checked to be of the tuning half; exits (status 2) on the first that is not."""
    rows = []
    for p in paths:
        with open(p) as f:
            for n, line in enumerate(f, 1):
                if not line.strip():
                    continue
                row = json.loads(line)
                try:
                    half = split.half_of_group(row.get("family"))
                except split.SplitError as e:
                    refuse("%s:%d (source %s): %s; refusing to fit" % (p, n, row.get("source"), e))
                if half != split.TUNING:
                    refuse("%s:%d (source %s, group %s) is of the %s half; refusing to fit on it"
                           % (p, n, row.get("source"), row.get("family"), half))
                rows.append(row)
    return rows


def out_of_fold(X, y, groups):
    """Each row's probability from a model fitted without its group."""
    p = np.zeros(len(y))
    folds = min(FOLDS, len(set(groups)))
    for train, test in GroupKFold(n_splits=folds).split(X, y, groups):
        if len(set(y[train])) < 2:
            p[test] = y[train].mean()
            continue
        m = LogisticRegression(C=C, max_iter=5000).fit(X[train], y[train])
        p[test] = m.predict_proba(X[test])[:, 1]
    return p


def logit(p):
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return np.log(p / (1 - p)).reshape(-1, 1)


def calibration_points(raw, y):
    """A sigmoid over the out-of-fold probability's logit (Platt scaling), kept as points of a
    piecewise-linear map. Two parameters cannot jump: an isotonic step map fitted on the few training
    candidates between "surely wrong" and "surely right" jumped from 0.3 to 0.99 on a handful of them,
    and held-out families landed on either side of the jump (mid bands off by 20 to 60 points)."""
    m = LogisticRegression(C=1e6, max_iter=5000).fit(logit(raw), y)
    if m.coef_[0][0] <= 0:
        sys.exit("fit: the calibration sigmoid falls with the model's probability: the features are broken")
    xs = np.unique(np.concatenate([np.linspace(0, 1, MAX_POINTS), np.quantile(raw, np.linspace(0, 1, MAX_POINTS))]))
    ys = np.clip(m.predict_proba(logit(xs))[:, 1], FLOOR, CEILING)
    return [[round(float(a), 6), round(float(b), 6)] for a, b in zip(xs, ys)]


def top1_report(rows, p, cal):
    """Top-1 rate and calibration by band of the re-ranked first candidates (out of fold)."""
    by_doc = defaultdict(list)
    for r, pr in zip(rows, p):
        by_doc[r["source"]].append((pr, r["correct"]))
    bands = [0, 500, 1000, 1500, 1750, 1900, 2001]
    counts = [[0, 0, 0.0] for _ in bands[:-1]]
    right = 0
    for cands in by_doc.values():
        pr, ok = max(cands, key=lambda c: c[0])
        conf = 2000 * float(np.interp(pr, [c[0] for c in cal], [c[1] for c in cal]))
        right += ok
        for i in range(len(bands) - 1):
            if bands[i] <= conf < bands[i + 1]:
                counts[i][0] += 1
                counts[i][1] += ok
                counts[i][2] += conf / 2000
    lines = ["  top-1 %d/%d" % (right, len(by_doc))]
    for i, (n, k, s) in enumerate(counts):
        if n:
            lines.append("  %4d-%4d  %4d  observed %.3f  predicted %.3f" % (bands[i], bands[i + 1] - 1, n, k / n, s / n))
    return "\n".join(lines)


def fit_field(rows):
    vec = DictVectorizer(sparse=False)
    X = vec.fit_transform([r["features"] for r in rows])
    y = np.array([1 if r["correct"] else 0 for r in rows])
    groups = np.array([r.get("family") or r["source"] for r in rows])
    raw = out_of_fold(X, y, groups)
    free = np.array([not r.get("vetoed", False) for r in rows])
    cal = calibration_points(raw[free], y[free]) if len(set(y[free])) == 2 else calibration_points(raw, y)
    final = LogisticRegression(C=C, max_iter=5000).fit(X, y)
    weights = {n: round(float(w), 5) for n, w in zip(vec.get_feature_names_out(), final.coef_[0]) if abs(w) > 1e-6}
    model = {"intercept": round(float(final.intercept_[0]), 5), "weights": weights, "calibration": cal}
    return model, top1_report(rows, raw, cal), int(y.sum())


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-o", "--out", required=True)
    ap.add_argument("--note", default="", help="what the rows were made from, kept in the model file")
    ap.add_argument("rows", nargs="+")
    a = ap.parse_args()
    rows = load(a.rows)
    import_sklearn()
    model = {"version": 1, "fitted_on": a.note, "fields": {}}
    for field in sorted({r["field"] for r in rows}):
        fr = [r for r in rows if r["field"] == field]
        if len({r["correct"] for r in fr}) < 2:
            print("%s: %d rows, one class only; not fitted" % (field, len(fr)), file=sys.stderr)
            continue
        m, report, positives = fit_field(fr)
        model["fields"][field] = m
        docs = len({r["source"] for r in fr})
        print("%s: %d candidates (%d right) on %d documents; out of fold:\n%s" % (field, len(fr), positives, docs, report),
              file=sys.stderr)
    with open(a.out, "w") as f:
        json.dump(model, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
