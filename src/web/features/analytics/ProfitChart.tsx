import { useEffect, useImperativeHandle, useRef, useState, type Ref } from "react";
import type { IChartApi, ISeriesApi, LineData, UTCTimestamp, WhitespaceData } from "lightweight-charts";
import { dollarsText } from "../../lib/stats-format.ts";
import {
  chartColors,
  chartThemeOf,
  onColorSchemeChange,
  outOfTabOrder,
  type ChartTheme,
} from "../../lib/chart-theme.ts";
import { ChartUnavailable } from "../../components/ChartUnavailable.tsx";
import { dayLabel, dayTime, type ExportCaption, type ProfitPoint } from "./figures.ts";

/** Spec §9: the chart's height and how long its line takes to draw. */
export const CHART_HEIGHT = 300;
export const ANIMATION_MS = 1500;
export const EXPORT_FILE_NAME = "profit-over-time.png";

/** The exported picture's caption band above the chart, in CSS pixels. */
const CAPTION_HEIGHT = 64;

/** What the panel around the chart can ask of it. */
export interface ProfitChartHandle {
  /** Saves the chart as a PNG download, the caption (title, player, period, total) above it. */
  exportPng(caption: ExportCaption): Promise<void>;
}

type Point = LineData<UTCTimestamp> | WhitespaceData<UTCTimestamp>;

interface ProfitChartProps {
  points: ProfitPoint[];
  /** Told once the charting library has loaded and drawn (export is possible from then on). */
  onReady?(ready: boolean): void;
  ref?: Ref<ProfitChartHandle>;
}

const reducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

/**
 * The Profit Over Time line (lightweight-charts v5). The library is imported here, on first draw,
 * so it is fetched only by the screens that chart something. The line draws itself left to right
 * over ANIMATION_MS (at once when the viewer prefers reduced motion).
 */
export function ProfitChart({ points, onReady, ref }: ProfitChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<ISeriesApi<"Line", UTCTimestamp> | null>(null);
  const finishRef = useRef<() => void>(() => {});
  const paintRef = useRef<(theme: ChartTheme) => void>(() => {});
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const themeRef = useRef<ChartTheme | null>(null);
  /** The line's last value: its colour says profit or loss. */
  const finalRef = useRef(0);
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;

  // The chart itself: created once, removed with the component.
  useEffect(() => {
    let cancelled = false;
    import("lightweight-charts")
      .then((lib) => {
        if (cancelled || !container.current) return;
        const chart = lib.createChart(container.current, {
          autoSize: true,
          height: CHART_HEIGHT,
          layout: {
            fontFamily: getComputedStyle(container.current).fontFamily,
            fontSize: 12,
            // The credit stands under the chart as text with its link (ProfitPanel): the library's
            // own logo link would be focusable inside this picture hidden from screen readers.
            attributionLogo: false,
          },
          grid: { vertLines: { visible: false } },
          rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.15, bottom: 0.1 } },
          timeScale: {
            borderVisible: false,
            fixLeftEdge: true,
            fixRightEdge: true,
            lockVisibleTimeRangeOnResize: true,
            tickMarkFormatter: (time: unknown) => dayLabel(isoDay(time as number)),
          },
          localization: {
            timeFormatter: (time: unknown) => dayLabel(isoDay(time as number)),
            priceFormatter: (price: number) => dollarsText(Math.round(price * 100)),
          },
          // A still picture: dragging on a phone scrolls the page, not the chart.
          handleScroll: false,
          handleScale: false,
        });
        const series = chart.addSeries(lib.LineSeries, {
          lineWidth: 3,
          priceLineVisible: false,
          lastValueVisible: true,
          priceFormat: {
            type: "custom",
            minMove: 0.01,
            formatter: (price: number) => dollarsText(Math.round(price * 100)),
          },
        });
        const zeroLine = series.createPriceLine({
          price: 0,
          lineWidth: 1,
          lineStyle: lib.LineStyle.Dashed,
          axisLabelVisible: false,
        });
        paintRef.current = (theme) => {
          chart.applyOptions(chartColors(theme, lib.ColorType.Solid));
          zeroLine.applyOptions({ color: theme.zeroLine });
        };
        chartRef.current = chart;
        seriesRef.current = series as ISeriesApi<"Line", UTCTimestamp>;
        outOfTabOrder(container.current);
        setLoaded(true);
      })
      .catch((error: unknown) => {
        console.error("The chart library did not load", error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      chartRef.current?.remove();
      chartRef.current = null;
      seriesRef.current = null;
    };
  }, []);

  // The colours: from the tokens once the chart exists, and again whenever the system switches
  // between light and dark.
  useEffect(() => {
    if (!loaded) return;
    const repaint = () => {
      if (!container.current) return;
      const theme = chartThemeOf(container.current);
      themeRef.current = theme;
      paintRef.current(theme);
      seriesRef.current?.applyOptions({ color: lineColor(theme, finalRef.current) });
    };
    repaint();
    return onColorSchemeChange(repaint);
  }, [loaded]);

  // The line: redrawn (and re-animated) whenever the period's points change.
  useEffect(() => {
    const chart = chartRef.current;
    const series = seriesRef.current;
    if (!loaded || !chart || !series) return;
    const data: LineData<UTCTimestamp>[] = points.map((p) => ({
      time: dayTime(p.day) as UTCTimestamp,
      value: p.profitCents / 100,
    }));
    const values = data.map((d) => d.value);
    const low = Math.min(0, ...values);
    const high = Math.max(0, ...values);
    const final = values.at(-1) ?? 0;
    finalRef.current = final;
    const theme = themeRef.current ?? chartThemeOf(container.current ?? document.documentElement);
    series.applyOptions({
      color: lineColor(theme, final),
      pointMarkersVisible: data.length <= 40,
      // The scale holds still while the line draws: it is the whole line's range (and $0) from the start.
      autoscaleInfoProvider: () => ({ priceRange: { minValue: low, maxValue: high === low ? low + 1 : high } }),
    });

    let frame = 0;
    let shown = -1;
    const show = (count: number) => {
      if (count === shown) return;
      shown = count;
      series.setData(data.map((d, i): Point => (i < count ? d : { time: d.time })));
    };
    const finish = () => {
      cancelAnimationFrame(frame);
      show(data.length);
    };
    finishRef.current = finish;

    show(data.length <= 2 || reducedMotion() ? data.length : 1);
    chart.timeScale().fitContent();
    onReadyRef.current?.(true);
    if (shown < data.length) {
      const start = performance.now();
      const step = (now: number) => {
        const progress = Math.min(1, (now - start) / ANIMATION_MS);
        const eased = 1 - (1 - progress) ** 3;
        show(Math.max(1, Math.ceil(eased * data.length)));
        if (progress < 1) frame = requestAnimationFrame(step);
      };
      frame = requestAnimationFrame(step);
    }
    return () => cancelAnimationFrame(frame);
  }, [loaded, points]);

  useEffect(() => () => onReadyRef.current?.(false), []);

  useImperativeHandle(
    ref,
    () => ({
      async exportPng(caption: ExportCaption) {
        const chart = chartRef.current;
        if (!chart) return;
        // The whole line, not a frame of its animation.
        finishRef.current();
        const theme = themeRef.current ?? chartThemeOf(container.current ?? document.documentElement);
        const canvas = withCaption(chart.takeScreenshot(), caption, theme, container.current);
        const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
        if (!blob) throw new Error("The chart could not be turned into an image");
        const url = URL.createObjectURL(blob);
        const link = document.createElement("a");
        link.href = url;
        link.download = EXPORT_FILE_NAME;
        document.body.append(link);
        link.click();
        link.remove();
        // Give the browser a moment to start the download before the address goes away.
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      },
    }),
    [],
  );

  if (failed) {
    return <ChartUnavailable height={CHART_HEIGHT} />;
  }
  return (
    <div
      ref={container}
      className="profit-chart"
      style={{ height: CHART_HEIGHT }}
      aria-hidden="true"
      data-ready={loaded || undefined}
    />
  );
}

const lineColor = (theme: ChartTheme, final: number) => (final < 0 ? theme.down : theme.up);

/**
 * The chart's picture with a caption band above it (the title with the player's name, then the
 * period and total), on the chart's own background, so a shared image says what it shows.
 */
function withCaption(chart: HTMLCanvasElement, caption: ExportCaption, theme: ChartTheme, from: Element | null) {
  const scale = chart.height / CHART_HEIGHT;
  const band = Math.round(CAPTION_HEIGHT * scale);
  const canvas = document.createElement("canvas");
  canvas.width = chart.width;
  canvas.height = chart.height + band;
  const context = canvas.getContext("2d");
  if (!context) return chart;
  const font = getComputedStyle(from ?? document.body).fontFamily;
  context.fillStyle = theme.background;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.textBaseline = "top";
  context.fillStyle = theme.heading;
  context.font = `600 ${Math.round(18 * scale)}px ${font}`;
  context.fillText(caption.title, Math.round(12 * scale), Math.round(10 * scale), canvas.width - 24 * scale);
  context.fillStyle = theme.text;
  context.font = `${Math.round(14 * scale)}px ${font}`;
  context.fillText(caption.detail, Math.round(12 * scale), Math.round(36 * scale), canvas.width - 24 * scale);
  context.drawImage(chart, 0, band);
  return canvas;
}

/** The chart's time value (seconds at UTC midnight) back to its "YYYY-MM-DD" day. */
function isoDay(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}
