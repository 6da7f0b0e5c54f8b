/// How far a label reaches to the value it introduces: the distance factors of `DocumentView.pointProximity`
/// and the search windows of `valueText`, named in Model/weights.json (`reach.*`, in hundredths; heights are
/// multiples of the label's line height `h`, widths in points where they say so).
struct LabelReach: Sendable {
    // On the label's own line.
    /// Characters between label and value that still count as right after it, and over how many more
    /// the factor fades to `sameLineFloor`.
    let sameLineGap, sameLineFade, sameLineFloor: Double
    /// A line this many median line heights tall holds several rows: its factor is at most `tallLineCap`.
    let tallLine, tallLineCap: Double
    // On the same row, to the right.
    /// The least height `h` a distance is measured in, and the height taken when neither box has one.
    let minHeight, defaultHeight: Double
    /// Shared height that makes two boxes one row; within `rowNear` h the factor is `rowNearFactor`, fading
    /// over `rowFade` points to `rowFloor`, and nothing beyond `rowFar` points.
    let rowOverlap, rowNear, rowNearFactor, rowFade, rowFloor, rowFar: Double
    // Below the label, or above it.
    /// A label ending its line points at the next line of its paragraph with `wrapFactor`.
    let wrapFactor: Double
    /// How far right and left of the label a value below it may start (h).
    let columnRight, columnLeft: Double
    /// Slack for boxes that touch (h); a value below within `belowReach` h counts `belowFactor`, less by
    /// `belowFade` over that reach; a caption under its value within `aboveReach` h counts `aboveFactor`.
    let touching, belowReach, belowFactor, belowFade, aboveReach, aboveFactor: Double
    // Where `valueText` looks for a label's value off its line.
    /// The share of the smaller height two boxes must share to stand on one row.
    let rowShare: Double
    /// A value right of the label on its row, at most this far (points); one below within `valueBelow` h,
    /// starting within `valueColumn` h right or left of the label; one above within `valueAbove` h.
    /// How far (points) a value right of its label may start left of the label's end and still be right of it.
    let rowTouching: Double
    let valueRight, valueBelow, valueColumn, valueColumnLeft, valueAbove: Double
    /// How lines below are ranked: points per point of vertical distance, per point of horizontal offset,
    /// and the points every line below starts with (so that a line right of the label wins).
    let belowRank, offsetRank, belowStart: Double
    /// Boxes printed right after a value on its row join it within this many points, up to `continuedLength`
    /// characters of text.
    let continuedGap: Double
    let continuedLength: Int
    /// How much more a row apart weighs than a column apart when a model box is matched to its reference.
    let modelRowWeight: Double
    /// A value left of its caption on the caption's row: within this many heights.
    let valueLeft: Double

    init(_ w: (String) -> Int) {
        func r(_ name: String) -> Double { Double(w("reach." + name)) / 100 }
        sameLineGap = r("same_line_gap")
        sameLineFade = r("same_line_fade")
        sameLineFloor = r("same_line_floor")
        tallLine = r("tall_line")
        tallLineCap = r("tall_line_cap")
        minHeight = r("min_height")
        defaultHeight = r("default_height")
        rowOverlap = r("row_overlap")
        rowNear = r("row_near")
        rowNearFactor = r("row_near_factor")
        rowFade = r("row_fade")
        rowFloor = r("row_floor")
        rowFar = r("row_far")
        wrapFactor = r("wrap_factor")
        columnRight = r("column_right")
        columnLeft = r("column_left")
        touching = r("touching")
        belowReach = r("below_reach")
        belowFactor = r("below_factor")
        belowFade = r("below_fade")
        aboveReach = r("above_reach")
        aboveFactor = r("above_factor")
        rowShare = r("row_share")
        rowTouching = r("row_touching")
        valueRight = r("value_right")
        valueBelow = r("value_below")
        valueColumn = r("value_column")
        valueColumnLeft = r("value_column_left")
        valueAbove = r("value_above")
        belowRank = r("below_rank")
        offsetRank = r("offset_rank")
        belowStart = r("below_start")
        continuedGap = r("continued_gap")
        continuedLength = w("reach.continued_length")
        modelRowWeight = r("model_row_weight")
        valueLeft = r("value_left")
    }
}
