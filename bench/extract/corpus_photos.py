"""Photos of the corpus's real page layouts, degraded the way the synthetic bills are (Tests/Synth/photo.py:
desk margin, keystone, turn, blur, uneven light, tint, noise, JPEG), so that `make accuracy` measures
real layouts as phone photos too. Used by accuracy_sets.py; the photos are made under .build and never
committed.

Every page is rendered at 200 dpi and degraded with a seed drawn from the document's file name, so the
same corpus gives the same photos. A one-page document becomes `<set>/<path>.jpg` (its JPEG quality is
photo.py's draw), a longer one `<set>/<path>.pdf` with one photo per page (the JPEG quality of the first
page for all), as a phone's scanner app hands them over. A photo is made again when it is missing,
older than its document, or made by another recipe (RECIPE below, photo.py's bytes, the resolution;
kept in <folder>/recipe.txt).
"""
import hashlib
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PHOTO_PY = os.path.join(HERE, '..', '..', 'Tests', 'Synth', 'photo.py')
DPI = 200
# Raise when a change here changes the photos made (a change of photo.py is seen by itself).
RECIPE = 1


def degrader():
    """photo.degrade, or None with the reason (it needs numpy and Pillow, like make synth)."""
    sys.path.insert(0, os.path.dirname(PHOTO_PY))
    try:
        import photo
    except ImportError as e:
        return None, 'corpus photo: %s (pip install numpy pillow, as for make synth)' % e
    finally:
        sys.path.pop(0)
    return photo, None


def seed_of(name):
    return int.from_bytes(hashlib.sha256(os.path.basename(name).encode('utf-8')).digest()[:4], 'big')


def photo_name(set_name, source):
    """The photo's path within the photo folder, for a PDF's path within its corpus set."""
    return os.path.join(set_name, os.path.splitext(source)[0])


def recipe():
    with open(PHOTO_PY, 'rb') as r:
        return 'recipe %d, %d dpi, photo.py sha256 %s\n' % (RECIPE, DPI, hashlib.sha256(r.read()).hexdigest())


def recorded_recipe(folder):
    try:
        with open(os.path.join(folder, 'recipe.txt'), encoding='utf-8') as r:
            return r.read()
    except OSError:
        return None


def make(photo, pdf, out_stem):
    """Writes out_stem + '.jpg' or '.pdf'; returns the file written."""
    from PIL import Image  # photo.py has imported it already

    with tempfile.TemporaryDirectory() as td:
        # poppler's complaints about a PDF's syntax are no failure; its exit status is.
        run = subprocess.run(['pdftoppm', '-r', str(DPI), '-png', pdf, os.path.join(td, 'p')], capture_output=True, text=True)
        if run.returncode != 0:
            raise RuntimeError('pdftoppm failed (%d): %s' % (run.returncode, run.stderr.strip()[-300:]))
        pages = sorted(f for f in os.listdir(td) if f.endswith('.png'))
        if not pages:
            raise RuntimeError('%s: pdftoppm rendered no page' % pdf)
        seed = seed_of(pdf)
        shots = []
        for i, page in enumerate(pages):
            with Image.open(os.path.join(td, page)) as im:
                shots.append(photo.degrade(im.convert('RGB'), seed + i))
    os.makedirs(os.path.dirname(out_stem), exist_ok=True)
    quality = shots[0][1]
    target = out_stem + ('.jpg' if len(shots) == 1 else '.pdf')
    part = target + '.part'
    if len(shots) == 1:
        shots[0][0].save(part, 'JPEG', quality=quality)
    else:
        first, *rest = [img for img, _ in shots]
        first.save(part, 'PDF', save_all=True, append_images=rest, resolution=DPI, quality=quality)
    os.replace(part, target)
    return target


def digest(path):
    with open(path, 'rb') as r:
        return hashlib.sha256(r.read()).hexdigest()


def made_from(stem, pdf):
    """Whether the photo at stem was made from these bytes (`<stem>.source` holds its document's SHA-256): a
    corpus copied again, newer but the same, keeps its photos."""
    try:
        with open(stem + '.source', encoding='utf-8') as r:
            return r.read().strip() == digest(pdf)
    except OSError:
        return False


def build(documents, folder, notes):
    """documents: (set name, set folder, PDF path within it). Returns {(set, source): photo path within
    folder} for every photo present, making the missing and stale ones."""
    photo, why = degrader()
    made, photos = 0, {}
    same_recipe = recorded_recipe(folder) == recipe()
    for set_name, root, source in documents:
        stem = os.path.join(folder, photo_name(set_name, source))
        pdf = os.path.join(root, source)
        existing = [stem + ext for ext in ('.jpg', '.pdf') if os.path.exists(stem + ext)]
        if existing and same_recipe and (os.path.getmtime(existing[0]) >= os.path.getmtime(pdf) or made_from(stem, pdf)):
            photos[set_name, source] = os.path.relpath(existing[0], folder)
            continue
        if photo is None:
            continue
        try:
            for old in existing:
                os.remove(old)
            photos[set_name, source] = os.path.relpath(make(photo, pdf, stem), folder)
            with open(stem + '.source', 'w', encoding='utf-8') as w:
                w.write(digest(pdf))
            made += 1
        except (OSError, RuntimeError) as e:
            notes.append('corpus photo: %s: %s' % (pdf, e))
    if why and len(photos) < len(documents):
        notes.append(why)
    if photo is not None:
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, 'recipe.txt'), 'w', encoding='utf-8') as w:
            w.write(recipe())
    if made:
        print('accuracy: made %d corpus photos in %s' % (made, folder), file=sys.stderr)
    return photos
