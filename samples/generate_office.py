#!/usr/bin/env python3
"""Writes samples/office/: bills as Word, Excel and OpenDocument files (run from the repository root).

    python3 samples/generate_office.py

Each is the smallest package its format allows (written with zipfile, no office suite needed), with a
fixed timestamp, so the bytes are the same on every run. pp-ingest converts them to PDF with LibreOffice.
"""
import os
import zipfile
from xml.sax.saxutils import escape

OUT = "samples/office"
STAMP = (2026, 11, 30, 12, 0, 0)

BILL = [
    "Elbtal Druckerei GmbH",
    "Rechnung Nr. RE-2026-0415",
    "Rechnungsdatum: 30.11.2026",
    "Briefbogen A4, 2-farbig, 2000 Stück: 420,00 EUR",
    "Umsatzsteuer 19 %: 79,80 EUR",
    "Zu zahlen: 499,80 EUR",
    "Bitte überweisen Sie bis 30.12.2026 auf",
    "IBAN: DE89 3704 0044 0532 0130 00   BIC: COBADEFFXXX",
    "Verwendungszweck: RE-2026-0415",
]

SHEET = [
    ("Nordlicht Software AS", ""),
    ("Invoice", "INV-2026-311"),
    ("Licence, 12 months", "1200.00"),
    ("VAT 25 %", "300.00"),
    ("Amount due (NOK)", "1500.00"),
    ("Account (IBAN)", "NO93 8601 1117 947"),
    ("KID / reference", "2026031100"),
    ("Due date", "2026-12-31"),
]


def package(path, files, stored_first=None):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        if stored_first:
            info = zipfile.ZipInfo(stored_first[0], date_time=STAMP)
            info.compress_type = zipfile.ZIP_STORED
            z.writestr(info, stored_first[1])
        for name, text in files:
            info = zipfile.ZipInfo(name, date_time=STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, text)


def docx(path):
    paragraphs = "".join(f"<w:p><w:r><w:t xml:space=\"preserve\">{escape(line)}</w:t></w:r></w:p>" for line in BILL)
    package(
        path,
        [
            (
                "[Content_Types].xml",
                '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
                '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
                '<Default Extension="xml" ContentType="application/xml"/>'
                '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
            ),
            (
                "_rels/.rels",
                '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
            ),
            (
                "word/document.xml",
                '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
                f"<w:body>{paragraphs}</w:body></w:document>",
            ),
        ],
    )


def xlsx(path):
    def cell(ref, value):
        return f'<c r="{ref}" t="inlineStr"><is><t>{escape(value)}</t></is></c>'

    rows = "".join(
        f'<row r="{i}">{cell(f"A{i}", a)}{cell(f"B{i}", b) if b else ""}</row>' for i, (a, b) in enumerate(SHEET, 1)
    )
    package(
        path,
        [
            (
                "[Content_Types].xml",
                '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
                '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
                '<Default Extension="xml" ContentType="application/xml"/>'
                '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
                '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
            ),
            (
                "_rels/.rels",
                '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
            ),
            (
                "xl/workbook.xml",
                '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
                'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Invoice" sheetId="1" r:id="rId1"/></sheets></workbook>',
            ),
            (
                "xl/_rels/workbook.xml.rels",
                '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
            ),
            (
                "xl/worksheets/sheet1.xml",
                '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
                f'<cols><col min="1" max="2" width="30" customWidth="1"/></cols><sheetData>{rows}</sheetData></worksheet>',
            ),
        ],
    )


ODF_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" office:version="1.2"'
)


def odf(path, mimetype, body, styles=""):
    package(
        path,
        [
            (
                "META-INF/manifest.xml",
                '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
                f'<manifest:file-entry manifest:full-path="/" manifest:media-type="{mimetype}"/>'
                '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>',
            ),
            ("content.xml", f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {ODF_NS}>{styles}<office:body>{body}</office:body></office:document-content>'),
        ],
        stored_first=("mimetype", mimetype),
    )


def odt(path):
    text = "".join(f"<text:p>{escape(line)}</text:p>" for line in BILL)
    odf(path, "application/vnd.oasis.opendocument.text", f"<office:text>{text}</office:text>")


def ods(path):
    rows = "".join(
        "<table:table-row>"
        + "".join(f'<table:table-cell office:value-type="string"><text:p>{escape(v)}</text:p></table:table-cell>' for v in (a, b))
        + "</table:table-row>"
        for a, b in SHEET
    )
    odf(
        path,
        "application/vnd.oasis.opendocument.spreadsheet",
        '<office:spreadsheet><table:table table:name="Invoice">'
        f'<table:table-column table:style-name="wide" table:number-columns-repeated="2"/>{rows}</table:table></office:spreadsheet>',
        # Columns wide enough for the IBAN: a narrow cell prints "###".
        '<office:automatic-styles><style:style style:name="wide" style:family="table-column">'
        '<style:table-column-properties style:column-width="8cm"/></style:style></office:automatic-styles>',
    )


def main():
    os.makedirs(OUT, exist_ok=True)
    docx(os.path.join(OUT, "de-rechnung.docx"))
    odt(os.path.join(OUT, "de-rechnung.odt"))
    xlsx(os.path.join(OUT, "no-invoice.xlsx"))
    ods(os.path.join(OUT, "no-invoice.ods"))


if __name__ == "__main__":
    main()
