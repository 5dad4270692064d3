import { scaleBand, scaleLinear } from "d3-scale";
import { area, line } from "d3-shape";
import type { ChartGeometry } from "./chart-geometry";

// The reports' charts, laid out on the server (docs/decisions/010-charts.md): d3-scale maps the
// figures to positions and d3-shape draws the lines and areas; the page gets only the finished
// geometry, which components/ui/chart.tsx renders as SVG. d3 never reaches the browser.

/** The SVG's own width: on a phone's card (about 260 px) its 12-unit text reads at 10 px. */
const WIDTH = 320;
const FONT = 12;
/** About how wide a character of the chart's text is, to leave room for a figure after a bar. */
const CHAR_WIDTH = 7;
/** The room a category's label needs under its column ("Sep"); less, and its short form is used. */
const LABEL_ROOM = 26;

/** Whole-number ticks for counts and days: never 0.5 of a placement. */
function valueScale(max: number, range: [number, number]) {
  const scale = scaleLinear()
    .domain([0, Math.max(max, 1)])
    .range(range)
    .nice(4);
  const ticks = scale.ticks(4).filter((t) => Number.isInteger(t));
  return { scale, ticks };
}

const round = (n: number) => Math.round(n * 10) / 10;
const formatCount = (n: number) => n.toLocaleString("en-US");

function blank(
  kind: ChartGeometry["kind"],
  title: string,
  description: string,
  height: number,
  width = WIDTH,
): ChartGeometry {
  return {
    kind,
    width,
    height,
    title,
    description,
    grid: [],
    valueTicks: [],
    categoryLabels: [],
    bars: [],
    area: null,
    line: null,
    points: [],
  };
}

/**
 * Vertical bars over categories that read left to right (months): the counts on the left axis,
 * each figure over its bar, and every category's label under it (every other one when crowded).
 */
export function columnChart(input: {
  title: string;
  description: string;
  /** `short`: the label when the columns are too narrow for it ("J" for "Jan"). */
  columns: { label: string; short?: string; sublabel?: string; value: number }[];
  /** Wider than a report's (the dashboard's, across the page). */
  width?: number;
  height?: number;
}): ChartGeometry {
  const { width = WIDTH, height = 240 } = input;
  const margin = { top: 20, right: 8, bottom: 40, left: 36 };
  const chart = blank("columns", input.title, input.description, height, width);
  const x = scaleBand()
    .domain(input.columns.map((_, k) => String(k)))
    .range([margin.left, width - margin.right])
    .padding(0.25);
  const { scale: y, ticks } = valueScale(Math.max(0, ...input.columns.map((c) => c.value)), [
    height - margin.bottom,
    margin.top,
  ]);
  chart.grid = ticks.map((t) => ({ x1: margin.left, x2: width - margin.right, y1: round(y(t)), y2: round(y(t)) }));
  chart.valueTicks = ticks.map((t) => ({ x: margin.left - 6, y: round(y(t) + FONT / 3), text: formatCount(t) }));
  const every = Math.ceil(input.columns.length / 13);
  const crowded = x.step() * every < LABEL_ROOM;
  const showValues = input.columns.length <= 18;
  input.columns.forEach((column, k) => {
    const left = x(String(k))!;
    const top = y(column.value);
    chart.bars.push({
      x: round(left),
      y: round(top),
      width: round(x.bandwidth()),
      height: round(y(0) - top),
      // An empty month says nothing over its (flat) bar: the axis and the table say 0.
      value: showValues && column.value > 0 ? formatCount(column.value) : "",
      valueX: round(left + x.bandwidth() / 2),
      valueY: round(top - 4),
    });
    if (k % every === 0) {
      chart.categoryLabels.push({
        x: round(left + x.bandwidth() / 2),
        y: height - margin.bottom + 16,
        text: crowded ? (column.short ?? column.label) : column.label,
      });
    }
    if (column.sublabel) {
      chart.categoryLabels.push({
        x: round(left + x.bandwidth() / 2),
        y: height - margin.bottom + 31,
        text: column.sublabel,
      });
    }
  });
  return chart;
}

/**
 * Horizontal bars, one per category (people, stages, sources), each name on the left and the
 * figure at the bar's end; as tall as the categories need.
 */
export function barChart(input: {
  title: string;
  description: string;
  bars: { label: string; value: number; text?: string }[];
}): ChartGeometry {
  const row = 26;
  const texts = input.bars.map((b) => b.text ?? formatCount(b.value));
  const margin = { top: 8, right: 8 + CHAR_WIDTH * Math.max(2, ...texts.map((t) => t.length)), bottom: 24, left: 108 };
  const height = margin.top + margin.bottom + Math.max(1, input.bars.length) * row;
  const chart = blank("bars", input.title, input.description, height);
  const y = scaleBand()
    .domain(input.bars.map((_, k) => String(k)))
    .range([margin.top, height - margin.bottom])
    .padding(0.2);
  const { scale: x, ticks } = valueScale(Math.max(0, ...input.bars.map((b) => b.value)), [
    margin.left,
    WIDTH - margin.right,
  ]);
  chart.grid = ticks.map((t) => ({ x1: round(x(t)), x2: round(x(t)), y1: margin.top, y2: height - margin.bottom }));
  chart.valueTicks = ticks.map((t) => ({ x: round(x(t)), y: height - margin.bottom + 16, text: formatCount(t) }));
  input.bars.forEach((bar, k) => {
    const top = y(String(k))!;
    const middle = top + y.bandwidth() / 2;
    const right = x(bar.value);
    chart.bars.push({
      x: margin.left,
      y: round(top),
      width: round(right - margin.left),
      height: round(y.bandwidth()),
      value: texts[k],
      valueX: round(right + 4),
      valueY: round(middle + FONT / 3),
    });
    chart.categoryLabels.push({
      x: margin.left - 8,
      y: round(middle + FONT / 3),
      text: bar.label.length > 16 ? `${bar.label.slice(0, 15)}…` : bar.label,
    });
  });
  return chart;
}

/**
 * A median line over a shaded band from the first to the third quartile, over categories that
 * read left to right (months); a category without figures breaks the line and the band.
 */
export function bandChart(input: {
  title: string;
  description: string;
  points: {
    label: string;
    short?: string;
    sublabel?: string;
    low: number | null;
    middle: number | null;
    high: number | null;
  }[];
}): ChartGeometry {
  const height = 240;
  const margin = { top: 16, right: 12, bottom: 40, left: 36 };
  const chart = blank("band", input.title, input.description, height);
  const x = scaleBand()
    .domain(input.points.map((_, k) => String(k)))
    .range([margin.left, WIDTH - margin.right])
    .padding(0.25);
  const { scale: y, ticks } = valueScale(Math.max(0, ...input.points.map((p) => p.high ?? 0)), [
    height - margin.bottom,
    margin.top,
  ]);
  const cx = (k: number) => x(String(k))! + x.bandwidth() / 2;
  chart.grid = ticks.map((t) => ({ x1: margin.left, x2: WIDTH - margin.right, y1: round(y(t)), y2: round(y(t)) }));
  chart.valueTicks = ticks.map((t) => ({ x: margin.left - 6, y: round(y(t) + FONT / 3), text: formatCount(t) }));
  const indexed = input.points.map((p, k) => ({ ...p, k }));
  const known = (p: (typeof indexed)[number]) => p.middle !== null && p.low !== null && p.high !== null;
  chart.area =
    area<(typeof indexed)[number]>()
      .defined(known)
      .x((p) => cx(p.k))
      .y0((p) => y(p.low!))
      .y1((p) => y(p.high!))
      .digits(1)(indexed) ?? null;
  chart.line =
    line<(typeof indexed)[number]>()
      .defined(known)
      .x((p) => cx(p.k))
      .y((p) => y(p.middle!))
      .digits(1)(indexed) ?? null;
  chart.points = indexed.filter(known).map((p) => ({ x: round(cx(p.k)), y: round(y(p.middle!)) }));
  const every = Math.ceil(input.points.length / 13);
  const crowded = x.step() * every < LABEL_ROOM;
  input.points.forEach((p, k) => {
    if (k % every === 0) {
      const text = crowded ? (p.short ?? p.label) : p.label;
      chart.categoryLabels.push({ x: round(cx(k)), y: height - margin.bottom + 16, text });
    }
    if (p.sublabel) chart.categoryLabels.push({ x: round(cx(k)), y: height - margin.bottom + 31, text: p.sublabel });
  });
  return chart;
}
