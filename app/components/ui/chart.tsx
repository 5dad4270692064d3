import { useId } from "react";
import type { ChartGeometry } from "~/utils/chart-geometry";

/**
 * A chart laid out on the server (utils/charts.server.ts), drawn as SVG: readable without
 * JavaScript, named by its title and described in words for screen readers (the figures
 * themselves are in the table that goes with it). It scales to its container's width.
 */
export function Chart({ chart, className }: { chart: ChartGeometry; className?: string }) {
  const id = useId();
  const horizontal = chart.kind === "bars";
  return (
    <svg
      viewBox={`0 0 ${chart.width} ${chart.height}`}
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      className={className ?? "chart"}
      data-chart={chart.kind}
    >
      <title id={`${id}-title`}>{chart.title}</title>
      <desc id={`${id}-desc`}>{chart.description}</desc>
      <g className="chart-grid" aria-hidden="true">
        {chart.grid.map((g, k) => (
          <line key={k} x1={g.x1} y1={g.y1} x2={g.x2} y2={g.y2} />
        ))}
      </g>
      <Texts className="chart-ticks" anchor={horizontal ? "middle" : "end"} texts={chart.valueTicks} />
      <Texts className="chart-labels" anchor={horizontal ? "end" : "middle"} texts={chart.categoryLabels} />
      {chart.area ? <path className="chart-area" d={chart.area} aria-hidden="true" /> : null}
      {chart.line ? <path className="chart-line" d={chart.line} aria-hidden="true" /> : null}
      <g className="chart-points" aria-hidden="true">
        {chart.points.map((p, k) => (
          <circle key={k} cx={p.x} cy={p.y} r={3} />
        ))}
      </g>
      <g className="chart-bars" aria-hidden="true">
        {chart.bars.map((b, k) => (
          <rect key={k} x={b.x} y={b.y} width={b.width} height={b.height} rx={2} />
        ))}
      </g>
      <g className="chart-values" aria-hidden="true" textAnchor={horizontal ? "start" : "middle"}>
        {chart.bars.map((b, k) =>
          b.value ? (
            <text key={k} x={b.valueX} y={b.valueY}>
              {b.value}
            </text>
          ) : null,
        )}
      </g>
    </svg>
  );
}

/** The axis's words (the value ticks, the category labels), each where the layout put it. */
function Texts({
  className,
  anchor,
  texts,
}: {
  className: string;
  anchor: "start" | "middle" | "end";
  texts: ChartGeometry["valueTicks"];
}) {
  return (
    <g className={className} aria-hidden="true" textAnchor={anchor}>
      {texts.map((t, k) => (
        <text key={k} x={t.x} y={t.y}>
          {t.text}
        </text>
      ))}
    </g>
  );
}
