/**
 * The one way the renderer makes a chart: TradingView Lightweight Charts in the app's theme (its
 * colours and mono font), time-axis labels written by `formatAxisTime`, numbers on the price axis by
 * the chart's own formatter (plotting only: exact figures are shown as text beside every chart). The
 * library's logo is off: its inline style is refused by the app's CSP, so each chart credits the
 * library in words.
 */
import {
  createChart,
  TickMarkType,
  type ChartOptions,
  type DeepPartial,
  type IChartApi,
  type Time,
} from 'lightweight-charts';
import { formatAxisTime, type AxisPart } from './format/time.ts';

/** The theme's values a chart uses. */
const THEME_VALUES = ['--text-muted', '--border', '--buy', '--sell', '--accent', '--warning', '--font-mono'];
/** Read together once per theme: each read after a change would force a style pass. */
let theme: { name: string | undefined; values: Record<string, string> } | undefined;

/** A value of the current theme ('' when the stylesheet does not set it). */
export function themeValue(name: string): string {
  const root = document.documentElement;
  if (!theme || theme.name !== root.dataset.theme) {
    const style = getComputedStyle(root);
    theme = {
      name: root.dataset.theme,
      values: Object.fromEntries(THEME_VALUES.map((v) => [v, style.getPropertyValue(v).trim()])),
    };
  }
  return theme.values[name] ?? '';
}

/** A colour of the current theme, grey when it is not set. */
export function themeColour(name: string): string {
  return themeValue(name) || '#888';
}

/** The time axis's labels, in UTC as the library places them. */
const AXIS_PARTS: Record<TickMarkType, AxisPart> = {
  [TickMarkType.Year]: 'year',
  [TickMarkType.Month]: 'month',
  [TickMarkType.DayOfMonth]: 'day',
  [TickMarkType.Time]: 'minute',
  [TickMarkType.TimeWithSeconds]: 'second',
};

function tickMark(time: Time, type: TickMarkType): string | null {
  return typeof time === 'number' ? formatAxisTime(time, AXIS_PARTS[type]) : null;
}

export interface ChartAxes {
  /** Times of day on the time axis (not only dates). */
  readonly timeVisible: boolean;
  /** How the price axis writes a value. */
  readonly priceFormatter: (price: number) => string;
}

/** A chart in the app's theme in `host` (sized by `host`); `options` adds to or overrides the rest. */
export function createThemedChart(
  host: HTMLElement,
  axes: ChartAxes,
  options: DeepPartial<ChartOptions> = {},
): IChartApi {
  const grid = themeColour('--border');
  const { timeScale, ...rest } = options;
  return createChart(host, {
    autoSize: true,
    layout: {
      background: { color: 'transparent' },
      textColor: themeColour('--text-muted'),
      attributionLogo: false,
      fontFamily: themeValue('--font-mono'),
    },
    grid: { vertLines: { color: grid }, horzLines: { color: grid } },
    rightPriceScale: { borderColor: grid },
    timeScale: {
      borderColor: grid,
      timeVisible: axes.timeVisible,
      secondsVisible: false,
      tickMarkFormatter: tickMark,
      ...timeScale,
    },
    localization: { locale: navigator.language, priceFormatter: axes.priceFormatter },
    ...rest,
  });
}
