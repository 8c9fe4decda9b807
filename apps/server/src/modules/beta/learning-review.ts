/**
 * The learning review: the first 72 hours after launch, then each week — feedback by screen and
 * reason, observed sessions by task, and the feedback with the most to read.
 */
import type { BetaFeedback, BetaFeedbackReason, LearningReview } from '@kitwright/contracts';
import { type BetaContext, iso, textOf } from './context';
import * as stats from './stats-repo';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** The first learning review comes 72 hours after launch, then one each week (the spec's Limits). */
export const FIRST_REVIEW_MS = 72 * HOUR;
export const REVIEW_EVERY_MS = 7 * DAY;
const TOP_TEXT = 10;

const round = (n: number) => Math.round(n * 100) / 100;

type ScreenRow = Awaited<ReturnType<typeof stats.feedbackByScreenAndReason>>[number];
type SessionOutcomes = Awaited<ReturnType<typeof stats.sessionOutcomes>>;

/** The window's feedback: its count and mean rating, and by screen (the busiest first) with its reasons. */
function feedbackOfWindow(byScreen: ScreenRow[]) {
  const screens = new Map<
    string,
    {
      screen: string;
      count: number;
      sum: number;
      by_reason: Array<{ reason: BetaFeedbackReason; count: number }>;
    }
  >();
  for (const r of byScreen) {
    const s = screens.get(r.screen) ?? { screen: r.screen, count: 0, sum: 0, by_reason: [] };
    s.count += r.n;
    s.sum += r.rating_sum;
    s.by_reason.push({ reason: r.reason as BetaFeedbackReason, count: r.n });
    screens.set(r.screen, s);
  }
  const count = byScreen.reduce((sum, r) => sum + r.n, 0);
  const ratingSum = byScreen.reduce((sum, r) => sum + r.rating_sum, 0);
  return {
    count,
    mean_rating: count === 0 ? null : round(ratingSum / count),
    by_screen: [...screens.values()]
      .map((s) => ({
        screen: s.screen,
        count: s.count,
        mean_rating: round(s.sum / s.count),
        by_reason: s.by_reason.sort((a, b) => b.count - a.count),
      }))
      .sort((a, b) => b.count - a.count || a.screen.localeCompare(b.screen)),
  };
}

/** The window's observed sessions, their tasks with the most trouble first. */
function sessionsOfWindow(sessions: SessionOutcomes) {
  const tasks = new Map<string, { task: string; success: number; struggled: number; failed: number }>();
  for (const t of sessions.tasks) {
    const row = tasks.get(t.task) ?? { task: t.task, success: 0, struggled: 0, failed: 0 };
    row[t.outcome as 'success' | 'struggled' | 'failed'] += t.n;
    tasks.set(t.task, row);
  }
  return {
    count: sessions.sessions,
    tasks: [...tasks.values()].sort(
      (a, b) => b.failed + b.struggled - (a.failed + a.struggled) || a.task.localeCompare(b.task),
    ),
  };
}

async function reviewWindow(ctx: BetaContext, index: number, from: Date, to: Date, now: Date) {
  const [byScreen, sessions, top] = await Promise.all([
    stats.feedbackByScreenAndReason(ctx.db, from, to),
    stats.sessionOutcomes(ctx.db, from, to),
    stats.topText(ctx.db, from, to, TOP_TEXT),
  ]);
  return {
    index,
    from: from.toISOString(),
    to: to.toISOString(),
    review_due_at: to.toISOString(),
    complete: to.getTime() <= now.getTime(),
    feedback: feedbackOfWindow(byScreen),
    sessions: sessionsOfWindow(sessions),
    top_text: top.map((r) => ({
      feedback_id: r.id,
      screen: r.screen,
      rating: r.rating,
      reason: r.reason,
      text: textOf(r) as NonNullable<BetaFeedback['text']>,
      created_at: r.created_at.toISOString(),
    })),
  };
}

/** Launch is BETA_LAUNCH_AT, or else the start of the first UTC day with a recorded server event. */
async function launchOf(ctx: BetaContext) {
  if (ctx.settings.launchAt) return { launch: ctx.settings.launchAt, source: 'config' as const };
  const day = await ctx.firstRecordedDay();
  if (day) return { launch: new Date(`${day}T00:00:00Z`), source: 'first_recorded_event' as const };
  return { launch: null, source: null };
}

/** The windows from launch to now: the first 72 hours, then a week each (at most ten years of them). */
function windowBounds(launch: Date, now: Date): Array<[Date, Date]> {
  const bounds: Array<[Date, Date]> = [[launch, new Date(launch.getTime() + FIRST_REVIEW_MS)]];
  for (;;) {
    const last = bounds[bounds.length - 1] as [Date, Date];
    if (last[1].getTime() > now.getTime() || bounds.length >= 520) break;
    bounds.push([last[1], new Date(last[1].getTime() + REVIEW_EVERY_MS)]);
  }
  return bounds;
}

/**
 * The learning review: the first window is the 72 hours after launch, then each week; each
 * window's review is due at its end. Launch is BETA_LAUNCH_AT, or else the start of the first
 * UTC day with a recorded server event (the founder dashboard's launch day).
 */
export async function learningReview(
  ctx: BetaContext,
  period: 'latest' | 'all' = 'latest',
): Promise<LearningReview> {
  const now = ctx.clock.now();
  const { launch, source } = await launchOf(ctx);
  if (!launch || launch.getTime() > now.getTime())
    return {
      launch_at: iso(launch),
      launch_source: source,
      note: launch
        ? 'The beta has not launched yet: the first review covers the 72 hours after launch.'
        : 'No launch time: set BETA_LAUNCH_AT, or the first recorded event will stand for it.',
      windows: [],
    };
  const bounds = windowBounds(launch, now);
  const chosen =
    period === 'all'
      ? bounds.map((b, i) => [i, b] as const)
      : [[bounds.length - 1, bounds[bounds.length - 1] as [Date, Date]] as const];
  const windows = [];
  for (const [index, [from, to]] of chosen) windows.push(await reviewWindow(ctx, index, from, to, now));
  return { launch_at: launch.toISOString(), launch_source: source, note: null, windows };
}
