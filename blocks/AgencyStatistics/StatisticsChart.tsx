import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { AgenturStatistik } from '../../schemas/agencyAdmin.ts';
import styles from './AgencyStatistics.module.css';

export interface StatisticsChartProps {
  statistics: AgenturStatistik;
  /** The series' names in the user's language (invitations, recommendations, orders). */
  labels: readonly [string, string, string];
  /** The chart's text alternative (the table below holds every value). */
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

/**
 * The statistics as lines over time (uPlot, the back office's chart library). This module is the only one
 * importing uPlot and is loaded lazily by the statistics block, so no other page downloads it. Lines differ
 * by colour and by dash, so they are told apart without colour too; the table beside it has the numbers.
 */
export default function StatisticsChart({ statistics, labels, description }: StatisticsChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const points = statistics.Punkte;
    const data: uPlot.AlignedData = [
      points.map((point) => toSeconds(point.Datum)),
      points.map((point) => point.Einladungen),
      points.map((point) => point.Empfehlungen),
      points.map((point) => point.Auftraege),
    ];
    const text = themeColour('--color-text', '#1f2328');
    const grid = themeColour('--color-border', '#8a929e');
    const series = (label: string, stroke: string, dash?: number[]): uPlot.Series => ({
      label,
      stroke,
      width: 2,
      ...(dash ? { dash } : {}),
      points: { show: points.length <= 31, size: 6 },
    });
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
            {
              stroke: text,
              grid: { stroke: grid, width: 1 },
              incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
            },
          ],
          series: [
            {},
            series(labels[0], themeColour('--color-primary', '#2b4c6f')),
            series(labels[1], themeColour('--color-success', '#1e6b34'), [8, 4]),
            series(labels[2], themeColour('--color-error', '#b3261e'), [2, 3]),
          ],
        },
        data,
        element,
      );
    } catch (error) {
      // No canvas to draw on (e.g. a test DOM): the table beside the chart has the figures.
      console.warn('The statistics chart could not be drawn', error);
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
  }, [statistics, labels]);
  return <div ref={box} className={styles.chart} role="img" aria-label={description} />;
}
