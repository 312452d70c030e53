import { useMemo, useState } from "react";
import { Link } from "wouter";
import { PageHeader } from "../../components/PageHeader.tsx";
import { SegmentedButtons } from "../../components/SegmentedButtons.tsx";
import { ApiError, errorText } from "../../lib/api.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { usePlayerBets } from "./api.ts";
import { BetTypePanel } from "./BetTypePanel.tsx";
import {
  averageClv,
  betTypeRows,
  DEFAULT_PERIOD,
  PERIODS,
  periodOf,
  placedFigures,
  profitSeries,
  settledInPeriod,
  summaryOf,
  type PeriodId,
} from "./figures.ts";
import { ProfitPanel } from "./ProfitPanel.tsx";
import { AnalyticsFigures } from "./AnalyticsFigures.tsx";
import { Loading } from "../../components/Loading.tsx";

const TITLE = "Performance Analytics";
const SIGN_IN = "/auth?returnUrl=%2Fanalytics";
const LOAD_FAILED = "Failed to load your bets. Please try refreshing.";

const PERIOD_OPTIONS = PERIODS.map((p) => ({
  value: p.id,
  label: p.id,
  description: p.id === "ALL" ? "All time" : `Last ${p.days} days`,
}));

/** /analytics (spec §2): the signed-in player's profit line, bet types and stat cards over a period. */
export function AnalyticsPage() {
  const { user, error, isLoading } = useCurrentUser();
  const [period, setPeriod] = useState<PeriodId>(DEFAULT_PERIOD);
  const header = (
    <PageHeader title={TITLE} subtitle="How your settled bets have done over time and by bet type.">
      {user ? (
        <SegmentedButtons<PeriodId> label="Period" options={PERIOD_OPTIONS} value={period} onChange={setPeriod} />
      ) : null}
    </PageHeader>
  );

  if (user) {
    return (
      <>
        {header}
        <Analytics userId={user.id} playerName={user.username} periodId={period} />
      </>
    );
  }
  if (isLoading) {
    return (
      <>
        {header}
        <Loading>Loading analytics...</Loading>
      </>
    );
  }
  if (error) {
    return (
      <>
        {header}
        <article className="error-panel" role="alert">
          <h2>Authentication Issue</h2>
          <p>Unable to load user information. Please try logging out and back in.</p>
        </article>
      </>
    );
  }
  return (
    <>
      {header}
      <article className="empty-state">
        <p>Please sign in to view your analytics</p>
        <Link href={SIGN_IN} className="button-link">
          Sign In
        </Link>
      </article>
    </>
  );
}

function Analytics({ userId, playerName, periodId }: { userId: number; playerName: string; periodId: PeriodId }) {
  const { data: bets, error } = usePlayerBets(userId);
  const period = periodOf(periodId);
  // "Now" is read when the bets or the period change: the period reaches back from the browser's clock.
  const figures = useMemo(() => {
    if (!bets) return null;
    const settled = settledInPeriod(bets, period, Date.now());
    return {
      summary: summaryOf(settled),
      rows: betTypeRows(settled, bets),
      points: profitSeries(settled),
      clv: averageClv(settled),
      placed: placedFigures(settled, bets),
      pending: bets.filter((bet) => bet.status === "pending").length,
    };
  }, [bets, period]);

  if (!figures) {
    if (error) {
      return (
        <article className="error-panel" role="alert">
          <h2>Error loading analytics</h2>
          <p>{error instanceof ApiError ? errorText(error, LOAD_FAILED) : LOAD_FAILED}</p>
        </article>
      );
    }
    return <Loading>Loading analytics...</Loading>;
  }

  const { summary, rows, points, pending, clv, placed } = figures;
  return (
    <div className="analytics">
      <div className="analytics-main">
        <ProfitPanel
          points={points}
          totalProfitCents={summary.totalProfitCents}
          settledCount={summary.totalBets}
          pendingCount={pending}
          period={period}
          playerName={playerName}
        />
        <BetTypePanel rows={rows} />
      </div>
      <AnalyticsFigures summary={summary} placed={placed} clv={clv} />
    </div>
  );
}
