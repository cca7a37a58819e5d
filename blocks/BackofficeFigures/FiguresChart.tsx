import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import styles from './BackofficeFigures.module.css';

export interface FiguresChartSeries {
  /** The series' name in the user's language. */
  label: string;
  values: readonly number[];
}

export interface FiguresChartProps {
  /** 'YYYY-MM-DD' (day, Monday of a week) or 'YYYY-MM' (month). */
  dates: readonly string[];
  series: readonly FiguresChartSeries[];
  /** The chart's text alternative (the table beside it holds every value). */
  description: string;
}

/** 'YYYY-MM-DD' or 'YYYY-MM' → seconds since 1970 (UTC midnight), uPlot's time axis. */
function toSeconds(datum: string): number {
  const [year = 1970, month = 1, day = 1] = datum.split('-').map(Number);
  return Date.UTC(year, month - 1, day) / 1000;
}

function themeColour(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** Colour and dash per series: told apart without colour too. */
const LOOKS: readonly [string, string, number[] | undefined][] = [
  ['--color-primary', '#2b4c6f', undefined],
  ['--color-success', '#1e6b34', [8, 4]],
  ['--color-error', '#b3261e', [2, 3]],
  ['--color-text', '#1f2328', [12, 4, 2, 4]],
];

/**
 * The programme figures as lines over time (uPlot, as the agency's statistics). This module is the only one
 * of the back office importing uPlot and is loaded lazily by the figures block, so no other page downloads it.
 */
export default function FiguresChart({ dates, series, description }: FiguresChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data: uPlot.AlignedData = [dates.map(toSeconds), ...series.map((entry) => [...entry.values])];
    const text = themeColour('--color-text', '#1f2328');
    const grid = themeColour('--color-border', '#8a929e');
    const width = () => Math.max(280, element.clientWidth);
    let plot: uPlot;
    try {
      plot = new uPlot(
        {
          width: width(),
          height: 280,
          legend: { show: false },
          cursor: { show: false },
          scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, max)] } },
          axes: [
            { stroke: text, grid: { stroke: grid, width: 1 } },
            { stroke: text, grid: { stroke: grid, width: 1 }, size: 60 },
          ],
          series: [
            {},
            ...series.map((entry, index): uPlot.Series => {
              const [colour, fallback, dash] = LOOKS[index % LOOKS.length] ?? LOOKS[0] ?? ['', '', undefined];
              return {
                label: entry.label,
                stroke: themeColour(colour, fallback),
                width: 2,
                ...(dash ? { dash } : {}),
                points: { show: dates.length <= 31, size: 6 },
              };
            }),
          ],
        },
        data,
        element,
      );
    } catch (error) {
      // No canvas to draw on (e.g. a test DOM): the table beside the chart has the figures.
      console.warn('The figures chart could not be drawn', error);
      return;
    }
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => plot.setSize({ width: width(), height: 280 }));
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      plot.destroy();
    };
  }, [dates, series]);
  return <div ref={box} className={styles.chart} role="img" aria-label={description} />;
}
