import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database, Db } from '../../db/database';
import { LANDING_COMPONENTS, type ObservationAction } from '../../../shared/analytics/enums';
import { FUNNEL_STEPS, type FunnelReport, type FunnelSegment, type FunnelStepKey, type StepCounts } from '../../../shared/analytics/funnel';
import type { FormType } from '../../../shared/registration/enums';
import { DAY_MS } from '../../../shared/time';

type Eb = ExpressionBuilder<Database, 'observation'>;

const componentAction = (eb: Eb, action: ObservationAction, form?: FormType): Expression<SqlBool> =>
  eb.and([
    eb('type_name', '=', 'ComponentObservation'),
    eb('action', '=', action),
    ...(form ? [eb('base_form_type', '=', form)] : []),
  ]);

/**
 * Which stored observations make each funnel step (decision 0052). A step counts distinct visits
 * (visit_key), so a modal shown twice in one visit counts once.
 */
export const STEP_CONDITIONS: Record<FunnelStepKey, (eb: Eb) => Expression<SqlBool>> = {
  modal_displayed: (eb) => componentAction(eb, 'DISPLAY', 'REGISTRATION'),
  email_submitted: (eb) => componentAction(eb, 'SUBMIT', 'REGISTRATION'),
  code_sent: (eb) =>
    eb.or([
      componentAction(eb, 'OTP_SEND_SUCCESS'),
      eb.and([eb('type_name', '=', 'RegistrationObservation'), eb('response_status', 'in', ['SUCCESS', 'SEND_OPT_EMAIL_SUCCESS'])]),
    ]),
  code_validated: (eb) => componentAction(eb, 'OTP_VALIDATION_SUCCESS'),
  resubscribe_shown: (eb) => componentAction(eb, 'DISPLAY', 'RESUBSCRIBE'),
  resubscribe_accepted: (eb) => componentAction(eb, 'EMAIL_RESUBSCRIPTION_SUCCESS'),
  spotlight_shown: (eb) => componentAction(eb, 'DISPLAY', 'CANDIDATE_SPOTLIGHT'),
  spotlight_accepted: (eb) => componentAction(eb, 'CONTINUE', 'CANDIDATE_SPOTLIGHT'),
  sms_shown: (eb) => componentAction(eb, 'DISPLAY', 'SMS'),
  sms_accepted: (eb) => componentAction(eb, 'SMS_OPT_IN_SUCCESS'),
};

export interface DateRange {
  /** Inclusive UTC dates, YYYY-MM-DD. */
  from: string;
  to: string;
}

type GroupColumn = 'source' | 'component_id' | 'day';

function emptyCounts(): StepCounts {
  return Object.fromEntries(FUNNEL_STEPS.map((step) => [step.key, 0])) as StepCounts;
}

/** One query: per group, for every step, the number of distinct visits that reached it. */
async function countSteps(db: Db, range: DateRange, groupBy: GroupColumn | null): Promise<FunnelSegment[]> {
  let query = db
    .selectFrom('observation')
    .where('type_name', 'in', ['ComponentObservation', 'RegistrationObservation'])
    // The landing page's own components (onboarding panel, search form, header buttons) report with the
    // REGISTRATION form type too, but are not steps of the registration flow (decision 0055).
    .where('component_id', 'not in', [...LANDING_COMPONENTS])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .select((eb) =>
      FUNNEL_STEPS.map((step) =>
        eb.fn
          .count<number | string>(eb.case().when(STEP_CONDITIONS[step.key](eb)).then(eb.ref('visit_key')).end())
          .distinct()
          .as(step.key),
      ),
    );
  if (groupBy) query = query.select((eb) => eb.fn.coalesce(eb.ref(groupBy), eb.val('(none)')).as('segment')).groupBy(groupBy);
  const rows = await query.execute();
  return rows.map((row) => {
    const counts = emptyCounts();
    for (const step of FUNNEL_STEPS) counts[step.key] = Number(row[step.key]);
    return { segment: 'segment' in row ? String(row.segment) : 'all', counts };
  });
}

export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += DAY_MS) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
}

const bySize = (a: FunnelSegment, b: FunnelSegment) =>
  b.counts.modal_displayed - a.counts.modal_displayed || a.segment.localeCompare(b.segment);

export async function funnelReport(db: Db, range: DateRange): Promise<FunnelReport> {
  const [total, bySource, byComponent, daily] = await Promise.all([
    countSteps(db, range, null),
    countSteps(db, range, 'source'),
    countSteps(db, range, 'component_id'),
    countSteps(db, range, 'day'),
  ]);
  const dailyByDay = new Map(daily.map((segment) => [segment.segment, segment.counts]));
  return {
    from: range.from,
    to: range.to,
    total: total[0]?.counts ?? emptyCounts(),
    bySource: bySource.filter((segment) => Object.values(segment.counts).some((n) => n > 0)).sort(bySize),
    byComponent: byComponent.filter((segment) => Object.values(segment.counts).some((n) => n > 0)).sort(bySize),
    daily: daysBetween(range.from, range.to).map((day) => ({ segment: day, counts: dailyByDay.get(day) ?? emptyCounts() })),
  };
}

/** The role that opens /admin pages (`requireRole: 'admin'`, checked by the sessions plugin's route guard). */
export { ADMIN_ROLE } from '../../../shared/accounts/roles';
