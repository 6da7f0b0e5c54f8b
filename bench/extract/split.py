"""Which half of the measured data a document belongs to: "tuning" (pp-extract may be fitted, calibrated
and looked at on it) or "checking" (measured only, and only as counts). One rule for every script that
fits or measures (accuracy_sets.py, accuracy_table.py, fit_confidence.py); bench/extract/README.md
states it:

- samples/ is tuning: the project is built on it.
- Synthetic bills follow the generator's split (Tests/Synth/README.md): a family of split "heldout" is
  checking, "fit" is tuning, anything else is refused.
- A corpus document is checking when the first byte of the SHA-256 of its file name (the base name,
  UTF-8) is 128 or more, tuning otherwise. A photo made of a corpus document takes the half of the
  document it was made from, so one document is never on both sides.

Every truth line that accuracy_sets.py writes carries its origin in `family` (the group the fit's
cross-validation keeps together, copied into each feature row by `pp-extract eval --features-out`):
"samples:<source>", "synth:<split>:<family>" or "corpus:<file name>". half_of_group() reads the half
from it again, so a fit can check every row it is given without trusting the file it came from.
"""
import hashlib
import os

TUNING, CHECKING = 'tuning', 'checking'
HALVES = (TUNING, CHECKING)
SYNTH_SPLITS = {'fit': TUNING, 'heldout': CHECKING}


class SplitError(ValueError):
    """A group or split that names no half: such data is neither fitted nor counted as checking."""


def corpus_half(name):
    """The half of a corpus document, by its file name (directories are ignored)."""
    digest = hashlib.sha256(os.path.basename(name).encode('utf-8')).digest()
    return CHECKING if digest[0] >= 128 else TUNING


def synth_half(split):
    if split not in SYNTH_SPLITS:
        raise SplitError('synthetic split %r is neither "fit" nor "heldout"' % (split,))
    return SYNTH_SPLITS[split]


def samples_group(source):
    return 'samples:' + source


def synth_group(split, family):
    synth_half(split)  # refuses an unknown split here already
    return 'synth:%s:%s' % (split, family)


def corpus_group(name):
    return 'corpus:' + os.path.basename(name)


def half_of_group(group):
    """The half of a group written by one of the *_group functions; SplitError for any other string."""
    origin, _, rest = str(group).partition(':')
    if origin == 'samples' and rest:
        return TUNING
    if origin == 'synth':
        split, _, family = rest.partition(':')
        if family:
            return synth_half(split)
    if origin == 'corpus' and rest:
        return corpus_half(rest)
    raise SplitError('group %r names no origin (samples:, synth:<split>:, corpus:)' % (group,))
