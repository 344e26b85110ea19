import { Box, chakra } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import type { ReportChart as ChartDeclaration } from '../../lib/reports';
import { REPORT_TEXTS } from '../../lib/reports';
import { formatMoney } from '../../lib/money';
import type { ReportResult } from '../../resources/reports';

const PALETTE = ['#2b6cb0', '#dd6b20', '#c53030', '#718096', '#38a169', '#805ad5'];

export interface ReportChartProps {
  title: string;
  declaration: ChartDeclaration;
  chart: ReportResult['chart'];
  /** The portal's currency, for a chart of amounts (`declaration.money`). */
  currency: string;
  /** A label as the table shows the same value (a day as dd-MM-yyyy); as it comes by default. */
  formatLabel?: (label: string) => string;
}

/**
 * The report's chart, drawn by chart.js, which is imported here lazily so only report screens load it. The same
 * numbers are listed for screen readers (and tests) beside the canvas: what is drawn is what is listed.
 */
export function ReportChart({ title, declaration, chart, currency, formatLabel = (label) => label }: ReportChartProps) {
  // Amounts are cents: drawn in currency units, labelled and listed as money.
  const value = (cents: number) => (declaration.money ? formatMoney(cents, { currency }) : String(cents));
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let live = true;
    let drawn: { destroy(): void } | undefined;
    void import('chart.js/auto').then(({ default: Chart }) => {
      const context = canvas.current?.getContext?.('2d');
      if (!live || !context) return;
      const doughnut = declaration.kind === 'doughnut';
      drawn = new Chart(context, {
        type: declaration.kind,
        data: {
          labels: chart.labels.map(formatLabel),
          datasets: declaration.series.map((series, index) => ({
            label: series.label,
            data: (chart.series[index] ?? []).map((point) => (declaration.money ? point / 100 : point)),
            backgroundColor: doughnut ? chart.labels.map((_label, at) => PALETTE[at % PALETTE.length]!) : PALETTE[index % PALETTE.length],
            borderColor: PALETTE[index % PALETTE.length],
          })),
        },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          scales: doughnut ? {} : {
            x: { stacked: declaration.stacked === true },
            y: {
              stacked: declaration.stacked === true, beginAtZero: true,
              ...(declaration.money && { ticks: { callback: (tick: string | number) => formatMoney(Number(tick) * 100, { currency, decimals: 2 }).replace(/[.,]00$/, '') } }),
            },
          },
        },
      });
    }).catch(() => undefined);
    return () => {
      live = false;
      drawn?.destroy();
    };
  }, [declaration, chart, currency, formatLabel]);
  return (
    <chakra.figure role="figure" aria-label={REPORT_TEXTS.chart(title)} m={0}>
      <Box height="260px" position="relative"><canvas ref={canvas} aria-hidden="true" /></Box>
      <chakra.ul srOnly aria-label={REPORT_TEXTS.chart(title)} data-testid="report-chart-data">
        {chart.labels.map((label, at) => (
          <li key={label} data-label={label}>
            {formatLabel(label)}: {declaration.series.map((series, index) => `${series.label} ${value(chart.series[index]?.[at] ?? 0)}`).join(', ')}
          </li>
        ))}
      </chakra.ul>
    </chakra.figure>
  );
}
