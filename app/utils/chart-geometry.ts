// What a chart is once laid out (utils/charts.server.ts lays it out, components/ui/chart.tsx
// draws it): positions in the SVG's own units and the texts, nothing to compute in the browser.

/** A text at a position: an axis's tick or a category's name. */
export interface ChartLabel {
  x: number;
  y: number;
  text: string;
}

/** One bar: its rectangle and the figure written at its end. */
export interface ChartBar {
  x: number;
  y: number;
  width: number;
  height: number;
  /** The figure, as written beside the bar. */
  value: string;
  valueX: number;
  valueY: number;
}

/** What chart.tsx draws: everything positioned, in the SVG's own units. */
export interface ChartGeometry {
  kind: "columns" | "bars" | "band";
  width: number;
  height: number;
  /** The title (the SVG's <title>) and what it shows, in words (its <desc>). */
  title: string;
  description: string;
  /** Gridlines across the plot, one per tick of the value axis. */
  grid: { x1: number; y1: number; x2: number; y2: number }[];
  valueTicks: ChartLabel[];
  categoryLabels: ChartLabel[];
  bars: ChartBar[];
  /** A filled area and a line over it (the band chart: quartiles and median). */
  area: string | null;
  line: string | null;
  points: { x: number; y: number }[];
}
