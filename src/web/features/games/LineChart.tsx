import { useEffect, useRef, useState } from "react";
import type { IChartApi, ISeriesApi, ISeriesMarkersPluginApi, Time, UTCTimestamp } from "lightweight-charts";
import { chartColors, chartThemeOf, onColorSchemeChange, outOfTabOrder } from "../../lib/chart-theme.ts";
import { ChartUnavailable } from "../../components/ChartUnavailable.tsx";
import { formatOdds, formatSpread } from "../../lib/odds-format.ts";
import { chartPoints, chartValue, type MarketSeries } from "./line-chart.ts";

export const LINE_CHART_HEIGHT = 240;

const timeText = (seconds: number) =>
  new Date(seconds * 1000).toLocaleString([], { weekday: "short", hour: "numeric", minute: "2-digit" });
const dayText = (seconds: number) => new Date(seconds * 1000).toLocaleDateString([], { weekday: "short" });

function valueText(series: MarketSeries, value: number): string {
  if (series.market === "h2h") return formatOdds(Math.round(value));
  return series.market === "spreads" ? formatSpread(value) : String(value);
}

/**
 * One market's line as a step line (lightweight-charts v5, imported on first draw so only this
 * dialog fetches it), the viewer's bets as markers at the point or price they got. A picture for
 * sighted players: the dialog says the same in words (lineSummary).
 */
export function LineChart({ series }: { series: MarketSeries }) {
  const container = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const lineRef = useRef<ISeriesApi<"Line", Time> | null>(null);
  const markersRef = useRef<ISeriesMarkersPluginApi<Time> | null>(null);
  const seriesRef = useRef(series);
  seriesRef.current = series;
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let stopListening = () => {};
    import("lightweight-charts")
      .then((lib) => {
        if (cancelled || !container.current) return;
        const chart = lib.createChart(container.current, {
          autoSize: true,
          height: LINE_CHART_HEIGHT,
          layout: { fontFamily: getComputedStyle(container.current).fontFamily, fontSize: 12 },
          grid: { vertLines: { visible: false } },
          rightPriceScale: { borderVisible: false, entireTextOnly: true, scaleMargins: { top: 0.2, bottom: 0.2 } },
          timeScale: {
            borderVisible: false,
            fixLeftEdge: true,
            fixRightEdge: true,
            timeVisible: true,
            tickMarkFormatter: (time: unknown, type: number) =>
              type <= 2 ? dayText(time as number) : timeText(time as number),
          },
          localization: {
            timeFormatter: (time: unknown) => timeText(time as number),
            priceFormatter: (value: number) => valueText(seriesRef.current, value),
          },
          handleScroll: false,
          handleScale: false,
        });
        const line = chart.addSeries(lib.LineSeries, {
          lineWidth: 2,
          lineType: lib.LineType.WithSteps,
          priceLineVisible: false,
          pointMarkersVisible: true,
          priceFormat: { type: "custom", minMove: 0.5, formatter: (v: number) => valueText(seriesRef.current, v) },
        });
        const paint = () => {
          if (!container.current) return;
          const theme = chartThemeOf(container.current);
          chart.applyOptions(chartColors(theme, lib.ColorType.Solid));
          line.applyOptions({ color: theme.text });
          markersRef.current?.setMarkers(betMarkers(seriesRef.current, theme.up));
        };
        chartRef.current = chart;
        lineRef.current = line as ISeriesApi<"Line", Time>;
        markersRef.current = lib.createSeriesMarkers(lineRef.current, []);
        paint();
        stopListening = onColorSchemeChange(paint);
        outOfTabOrder(container.current);
        setLoaded(true);
      })
      .catch((error: unknown) => {
        console.error("The chart library did not load", error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      stopListening();
      chartRef.current?.remove();
      chartRef.current = null;
    };
  }, []);

  useEffect(() => {
    const chart = chartRef.current;
    const line = lineRef.current;
    if (!loaded || !chart || !line || !container.current) return;
    line.setData(chartPoints(series).map((p) => ({ time: p.time as UTCTimestamp, value: p.value })));
    markersRef.current?.setMarkers(betMarkers(series, chartThemeOf(container.current).up));
    chart.timeScale().fitContent();
  }, [loaded, series]);

  if (failed) {
    return <ChartUnavailable height={LINE_CHART_HEIGHT} />;
  }
  return (
    <div
      ref={container}
      className="line-chart"
      style={{ height: LINE_CHART_HEIGHT }}
      aria-hidden="true"
      data-ready={loaded || undefined}
      data-bets={series.bets.length}
    />
  );
}

function betMarkers(series: MarketSeries, color: string) {
  return series.bets.map((mark) => ({
    time: Math.floor(mark.at / 1000) as UTCTimestamp,
    position: "atPriceMiddle" as const,
    price: chartValue(series.market, mark),
    shape: "circle" as const,
    color,
    size: 1,
    text: mark.parlay ? "Your parlay leg" : "Your bet",
  }));
}
