//! The report's charts: small, hand-written SVG (no dependency). A
//! [`Chart`] is a plot area with two [`Scale`]s (linear or log) on which
//! marks are drawn: lines with interval bands, dots, whiskers, grouped
//! bars, vertical reference lines, and a legend. Every text that goes into
//! the SVG is escaped with [`escape`].
//!
//! Marks carry a class (`band`, `line`, `dot`, `whisker`, `bar`, `budget`,
//! `legend`) so that the page's stylesheet and its tests can find them; each
//! dot and bar has a `<title>` (a tooltip that needs no script).

use std::fmt::Write as _;

/// Series colours (Okabe and Ito's, distinguishable with colour blindness).
pub const PALETTE: [&str; 6] = [
    "#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9",
];

/// The colour of series `index`.
pub fn color(index: usize) -> &'static str {
    PALETTE[index % PALETTE.len()]
}

/// `text` with the five characters that mean something in HTML and XML
/// replaced by entities, safe in element content and quoted attributes.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A map from data values to a fraction (0 to 1) of an axis.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Scale {
    Linear {
        lo: f64,
        hi: f64,
    },
    /// Base-10 logarithmic; `lo` is positive.
    Log {
        lo: f64,
        hi: f64,
    },
}

impl Scale {
    /// A linear scale over [lo, hi] (an empty range is widened by 1).
    pub fn linear(lo: f64, hi: f64) -> Scale {
        if hi > lo {
            Scale::Linear { lo, hi }
        } else {
            Scale::Linear { lo, hi: lo + 1.0 }
        }
    }

    /// A log scale over [lo, hi], lo > 0 (clamped to 1e-12; an empty range
    /// is widened to a decade).
    pub fn log(lo: f64, hi: f64) -> Scale {
        let lo = lo.max(1e-12);
        if hi > lo {
            Scale::Log { lo, hi }
        } else {
            Scale::Log { lo, hi: lo * 10.0 }
        }
    }

    /// Where `value` falls, as a fraction of the axis (0 at lo, 1 at hi;
    /// not clamped).
    pub fn fraction(&self, value: f64) -> f64 {
        match *self {
            Scale::Linear { lo, hi } => (value - lo) / (hi - lo),
            Scale::Log { lo, hi } => (value.max(1e-12) / lo).log10() / (hi / lo).log10(),
        }
    }

    /// Tick values inside the range: 1, 2 or 5 times a power of ten apart
    /// (about `count` of them) on a linear scale; on a log scale 1, 2 and 5
    /// times each power of ten when the range spans less than three
    /// decades, else the powers of ten (every other one past eight).
    pub fn ticks(&self, count: usize) -> Vec<f64> {
        match *self {
            Scale::Linear { lo, hi } => {
                let raw = (hi - lo) / count.max(1) as f64;
                let magnitude = 10f64.powf(raw.log10().floor());
                let step = [1.0, 2.0, 5.0, 10.0]
                    .iter()
                    .map(|f| f * magnitude)
                    .find(|s| *s >= raw)
                    .unwrap_or(10.0 * magnitude);
                let first = (lo / step).ceil() as i64;
                let last = (hi / step + 1e-9).floor() as i64;
                (first..=last).map(|i| i as f64 * step).collect()
            }
            Scale::Log { lo, hi } => {
                let first = lo.log10().floor() as i32;
                let last = hi.log10().ceil() as i32;
                let inside = |v: &f64| *v >= lo * (1.0 - 1e-9) && *v <= hi * (1.0 + 1e-9);
                if last - first <= 3 {
                    (first..=last)
                        .flat_map(|e| [1.0, 2.0, 5.0].map(|f| f * 10f64.powi(e)))
                        .filter(inside)
                        .collect()
                } else {
                    let every = if last - first > 8 { 2 } else { 1 };
                    (first..=last)
                        .filter(|e| (e - first) % every == 0)
                        .map(|e| 10f64.powi(e))
                        .filter(inside)
                        .collect()
                }
            }
        }
    }
}

/// A point estimate at x with its interval, and its tooltip.
pub struct Estimate {
    pub x: f64,
    pub y: f64,
    pub low: f64,
    pub high: f64,
    pub title: String,
}

/// How an axis is labelled.
pub struct Axis<'a> {
    /// The axis title.
    pub label: &'a str,
    /// How a tick value is written.
    pub format: &'a dyn Fn(f64) -> String,
    /// Ticks to draw [default: the scale's own, about 5].
    pub ticks: Option<Vec<f64>>,
}

/// An integer tick label (`1`, `20`, `1000`).
pub fn integer(value: f64) -> String {
    format!("{}", value.round() as i64)
}

/// A tick label with at most three decimals (`0`, `0.25`, `1`).
pub fn decimal(value: f64) -> String {
    let text = format!("{value:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// A large count as a power of ten where it is one (`1e9`), else with
/// three significant digits (`2.5e8`).
pub fn scientific(value: f64) -> String {
    if value < 1000.0 {
        return integer(value);
    }
    let exponent = value.log10().floor() as i32;
    let mantissa = value / 10f64.powi(exponent);
    let mantissa = format!("{mantissa:.2}");
    format!(
        "{}e{exponent}",
        mantissa.trim_end_matches('0').trim_end_matches('.')
    )
}

const LEFT: f64 = 64.0;
const RIGHT: f64 = 18.0;
const TOP: f64 = 26.0;
const BOTTOM: f64 = 46.0;

/// A chart being drawn: a plot area inside fixed margins (room for the
/// axes' ticks and titles), two scales, and the marks drawn so far.
pub struct Chart {
    width: f64,
    height: f64,
    x: Scale,
    y: Scale,
    body: String,
    legend: Vec<(String, &'static str)>,
}

impl Chart {
    /// An empty chart of `width` x `height` user units.
    pub fn new(width: f64, height: f64, x: Scale, y: Scale) -> Chart {
        Chart {
            width,
            height,
            x,
            y,
            body: String::new(),
            legend: Vec::new(),
        }
    }

    /// The horizontal position of data value `x`.
    pub fn px(&self, x: f64) -> f64 {
        LEFT + self.x.fraction(x) * (self.width - LEFT - RIGHT)
    }

    /// The vertical position of data value `y`.
    pub fn py(&self, y: f64) -> f64 {
        self.height - BOTTOM - self.y.fraction(y) * (self.height - TOP - BOTTOM)
    }

    /// Grid lines, ticks, tick labels and titles of both axes.
    pub fn axes(&mut self, x: &Axis, y: &Axis) {
        let (left, right) = (LEFT, self.width - RIGHT);
        let (top, bottom) = (TOP, self.height - BOTTOM);
        let mut out = String::from("<g class=\"axis\">");
        for value in x.ticks.clone().unwrap_or_else(|| self.x.ticks(6)) {
            let at = self.px(value);
            let _ = write!(
                out,
                "<line class=\"grid\" x1=\"{at:.1}\" y1=\"{top:.1}\" x2=\"{at:.1}\" y2=\"{bottom:.1}\"/>\
                 <text x=\"{at:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
                bottom + 16.0,
                escape(&(x.format)(value))
            );
        }
        for value in y.ticks.clone().unwrap_or_else(|| self.y.ticks(5)) {
            let at = self.py(value);
            let _ = write!(
                out,
                "<line class=\"grid\" x1=\"{left:.1}\" y1=\"{at:.1}\" x2=\"{right:.1}\" y2=\"{at:.1}\"/>\
                 <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
                left - 6.0,
                at + 4.0,
                escape(&(y.format)(value))
            );
        }
        let _ = write!(
            out,
            "<line class=\"frame\" x1=\"{left:.1}\" y1=\"{bottom:.1}\" x2=\"{right:.1}\" y2=\"{bottom:.1}\"/>\
             <line class=\"frame\" x1=\"{left:.1}\" y1=\"{top:.1}\" x2=\"{left:.1}\" y2=\"{bottom:.1}\"/>\
             <text class=\"title\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>\
             <text class=\"title\" transform=\"translate(14 {:.1}) rotate(-90)\" text-anchor=\"middle\">{}</text></g>",
            (left + right) / 2.0,
            self.height - 8.0,
            escape(x.label),
            (top + bottom) / 2.0,
            escape(y.label)
        );
        self.body.push_str(&out);
    }

    /// A filled band between `low` and `high` over x: points are
    /// (x, low, high), in x order.
    pub fn band(&mut self, points: &[(f64, f64, f64)], color: &str) {
        if points.len() < 2 {
            return;
        }
        let mut d = String::new();
        for (i, &(x, _, high)) in points.iter().enumerate() {
            let _ = write!(
                d,
                "{}{:.1} {:.1} ",
                if i == 0 { "M" } else { "L" },
                self.px(x),
                self.py(high)
            );
        }
        for &(x, low, _) in points.iter().rev() {
            let _ = write!(d, "L{:.1} {:.1} ", self.px(x), self.py(low));
        }
        let _ = write!(
            self.body,
            "<path class=\"band\" d=\"{}Z\" fill=\"{color}\" fill-opacity=\"0.18\" stroke=\"none\"/>",
            d.trim_end()
        );
    }

    /// A polyline through `points` (x, y), in x order.
    pub fn line(&mut self, points: &[(f64, f64)], color: &str) {
        if points.len() < 2 {
            return;
        }
        let d: Vec<String> = points
            .iter()
            .enumerate()
            .map(|(i, &(x, y))| {
                format!(
                    "{}{:.1} {:.1}",
                    if i == 0 { "M" } else { "L" },
                    self.px(x),
                    self.py(y)
                )
            })
            .collect();
        let _ = write!(
            self.body,
            "<path class=\"line\" d=\"{}\" fill=\"none\" stroke=\"{color}\" stroke-width=\"2\"/>",
            d.join(" ")
        );
    }

    /// A dot at each (x, y) with its tooltip.
    pub fn dots(&mut self, points: &[(f64, f64, String)], color: &str) {
        for (x, y, title) in points {
            let _ = write!(
                self.body,
                "<circle class=\"dot\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"3\" fill=\"{color}\"><title>{}</title></circle>",
                self.px(*x),
                self.py(*y),
                escape(title)
            );
        }
    }

    /// A vertical interval (x, low, high) with caps: the band of a lone
    /// point.
    pub fn whisker(&mut self, x: f64, low: f64, high: f64, color: &str) {
        let (at, top, bottom) = (self.px(x), self.py(high), self.py(low));
        let _ = write!(
            self.body,
            "<path class=\"whisker\" d=\"M{:.1} {top:.1} L{:.1} {top:.1} M{at:.1} {top:.1} L{at:.1} {bottom:.1} M{:.1} {bottom:.1} L{:.1} {bottom:.1}\" \
             fill=\"none\" stroke=\"{color}\" stroke-width=\"1.5\"/>",
            at - 5.0,
            at + 5.0,
            at - 5.0,
            at + 5.0
        );
    }

    /// One series of estimates with intervals, in x order: a band between
    /// the intervals, a line through the estimates, a dot with its tooltip
    /// at each, a whisker for a lone point, and a legend entry.
    pub fn estimates(&mut self, label: &str, color: &'static str, points: &[Estimate]) {
        if points.is_empty() {
            return;
        }
        let band: Vec<(f64, f64, f64)> = points.iter().map(|p| (p.x, p.low, p.high)).collect();
        self.band(&band, color);
        self.line(
            &points.iter().map(|p| (p.x, p.y)).collect::<Vec<_>>(),
            color,
        );
        if let [only] = points {
            self.whisker(only.x, only.low, only.high, color);
        }
        let dots: Vec<(f64, f64, String)> =
            points.iter().map(|p| (p.x, p.y, p.title.clone())).collect();
        self.dots(&dots, color);
        self.legend(label, color);
    }

    /// Bars of series `index` of `series`: one per interval (x0, x1) of
    /// `bins`, of height `values[i]` from y = 0, side by side with the other
    /// series' bars in the same interval.
    pub fn bars(
        &mut self,
        bins: &[(f64, f64)],
        values: &[f64],
        index: usize,
        series: usize,
        color: &str,
        titles: &[String],
    ) {
        let zero = self.py(0.0);
        for (i, (&(x0, x1), &value)) in bins.iter().zip(values).enumerate() {
            let (left, right) = (self.px(x0), self.px(x1));
            let gap = (right - left) * 0.08;
            let width = (right - left - 2.0 * gap) / series.max(1) as f64;
            let top = self.py(value);
            let _ = write!(
                self.body,
                "<rect class=\"bar\" x=\"{:.1}\" y=\"{top:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{color}\"><title>{}</title></rect>",
                left + gap + width * index as f64,
                width.max(0.5),
                (zero - top).max(0.0),
                escape(titles.get(i).map_or("", String::as_str))
            );
        }
    }

    /// A dashed vertical line at data value `x` across the plot, labelled
    /// at its top (a budget, a threshold).
    pub fn vline(&mut self, x: f64, label: &str, color: &str) {
        let at = self.px(x);
        let _ = write!(
            self.body,
            "<g class=\"budget\"><line x1=\"{at:.1}\" y1=\"{:.1}\" x2=\"{at:.1}\" y2=\"{:.1}\" stroke=\"{color}\" \
             stroke-width=\"1.5\" stroke-dasharray=\"5 4\"/><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text></g>",
            TOP,
            self.height - BOTTOM,
            at - 4.0,
            TOP + 12.0,
            escape(label)
        );
    }

    /// Add an entry to the legend (drawn in a row above the plot by
    /// [`Chart::finish`], where it hides no mark).
    pub fn legend(&mut self, label: &str, color: &'static str) {
        self.legend.push((label.to_string(), color));
    }

    /// The finished `<svg>` element, sized by its viewBox (it scales to
    /// its container), with an id and an accessible title.
    pub fn finish(mut self, id: &str, title: &str) -> String {
        if !self.legend.is_empty() {
            self.body.push_str("<g class=\"legend\">");
            let mut x = LEFT;
            for (label, color) in &self.legend {
                let _ = write!(
                    self.body,
                    "<rect x=\"{x:.1}\" y=\"6\" width=\"14\" height=\"10\" fill=\"{color}\"/>\
                     <text x=\"{:.1}\" y=\"15\">{}</text>",
                    x + 18.0,
                    escape(label)
                );
                x += 18.0 + label.chars().count() as f64 * 7.0 + 20.0;
            }
            self.body.push_str("</g>");
        }
        format!(
            "<svg id=\"{}\" class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} {}\" role=\"img\" \
             aria-label=\"{}\"><title>{}</title>{}</svg>",
            escape(id),
            self.width,
            self.height,
            escape(title),
            escape(title),
            self.body
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_covers_markup_and_quotes() {
        assert_eq!(
            escape("<script>alert('x') & \"y\"</script>"),
            "&lt;script&gt;alert(&#39;x&#39;) &amp; &quot;y&quot;&lt;/script&gt;"
        );
        assert_eq!(escape("plain text"), "plain text");
    }

    #[test]
    fn scales_map_their_ends_to_zero_and_one() {
        let linear = Scale::linear(0.0, 1.0);
        assert_eq!(linear.fraction(0.0), 0.0);
        assert_eq!(linear.fraction(0.25), 0.25);
        let log = Scale::log(1.0, 100.0);
        assert!((log.fraction(10.0) - 0.5).abs() < 1e-12);
        assert!((log.fraction(100.0) - 1.0).abs() < 1e-12);
        // Empty ranges are widened rather than dividing by zero.
        assert_eq!(Scale::linear(3.0, 3.0).fraction(3.5), 0.5);
        assert!((Scale::log(1.0, 1.0).fraction(10.0) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn ticks_are_round_numbers_inside_the_range() {
        assert_eq!(
            Scale::linear(0.0, 1.0).ticks(5),
            vec![0.0, 0.2, 0.4, 0.6000000000000001, 0.8, 1.0]
        );
        assert_eq!(
            Scale::log(1.0, 200.0).ticks(5),
            vec![1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0]
        );
        assert_eq!(
            Scale::log(1e6, 1e11).ticks(5),
            vec![1e6, 1e7, 1e8, 1e9, 1e10, 1e11]
        );
        assert_eq!(Scale::log(1.0, 5.0).ticks(5), vec![1.0, 2.0, 5.0]);
    }

    #[test]
    fn labels_are_short() {
        assert_eq!(integer(20.0), "20");
        assert_eq!(decimal(0.5), "0.5");
        assert_eq!(decimal(1.0), "1");
        assert_eq!(scientific(1e9), "1e9");
        assert_eq!(scientific(2.5e8), "2.5e8");
        assert_eq!(scientific(500.0), "500");
        assert_eq!(scientific(8_258_000.0), "8.26e6");
    }

    #[test]
    fn a_chart_has_its_marks_and_escapes_its_text() {
        let mut chart = Chart::new(400.0, 300.0, Scale::log(1.0, 10.0), Scale::linear(0.0, 1.0));
        chart.axes(
            &Axis {
                label: "k <log>",
                format: &integer,
                ticks: None,
            },
            &Axis {
                label: "pass@k",
                format: &decimal,
                ticks: None,
            },
        );
        let point = |x: f64, y: f64, title: &str| Estimate {
            x,
            y,
            low: y - 0.1,
            high: y + 0.1,
            title: title.into(),
        };
        chart.estimates(
            "run <a>",
            color(0),
            &[point(1.0, 0.2, "pass@1 <b>"), point(10.0, 0.6, "pass@10")],
        );
        chart.estimates("lone", color(1), &[point(1.0, 0.2, "alone")]);
        chart.bars(&[(1.0, 2.0)], &[0.5], 0, 2, color(1), &["x".into()]);
        chart.vline(5.0, "budget", "#c00");
        let svg = chart.finish("c<1>", "a \"chart\"");
        let count = |mark: &str| svg.matches(&format!("class=\"{mark}\"")).count();
        // A band and a line for the series of two, a whisker for the lone one.
        assert_eq!(
            [count("band"), count("line"), count("dot"), count("whisker")],
            [1, 1, 3, 1]
        );
        for mark in ["bar", "budget", "legend"] {
            assert_eq!(count(mark), 1, "{mark}: {svg}");
        }
        assert!(svg.contains(">lone</text>"));
        assert!(svg.starts_with("<svg id=\"c&lt;1&gt;\""));
        assert!(!svg.contains("<b>") && !svg.contains("<a>") && !svg.contains("<log>"));
        assert!(svg.contains("k &lt;log&gt;") && svg.contains("run &lt;a&gt;"));
        // The band's first point is at the left edge of the plot, its
        // highest point at y = 0.7 (30% of the way down the plot area).
        let top = 300.0 - BOTTOM - 0.7 * (300.0 - TOP - BOTTOM);
        assert!(svg.contains(&format!(
            "M{LEFT:.1} {:.1}",
            300.0 - BOTTOM - 0.3 * (300.0 - TOP - BOTTOM)
        )));
        assert!(svg.contains(&format!("L{:.1} {top:.1}", 400.0 - RIGHT)));
    }
}
