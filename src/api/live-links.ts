/**
 * The north-western Pacific storms as answered (list and detail): an active storm's live status names the invest it
 * formed from, a link the disturbance history keeps (docs/api/disturbances.md), and the warnings in force issued for it
 * (docs/api/warnings.md, "Which storm"); an archived storm has no live status.
 */
import { investLinks } from '../global/disturbance-view.ts';
import type { TyphoonAnswer } from '../model/live-schemas.ts';
import type { Typhoon } from '../model/typhoon-schemas.ts';
import { activeStormOf } from '../model/warning-rules.ts';
import { agenciesOf, readWarnings } from '../warnings/warning-view.ts';
import type { RequestContext } from './context.ts';

export async function withLiveLinks(ctx: RequestContext, typhoons: readonly Typhoon[]): Promise<TyphoonAnswer[]> {
  if (!typhoons.some((t) => t.live)) return typhoons.map((t) => ({ ...t, live: null }));
  const live = typhoons.filter((t) => t.live);
  const [{ ofLiveStorm }, warnings] = await Promise.all([
    investLinks(ctx.store, ctx.now()),
    readWarnings(ctx.store, ctx.now(), live.map(activeStormOf), ctx.config.liveOff),
  ]);
  const agencies = agenciesOf(warnings);
  // An agency that cannot be vouched for may lack warnings for the storm: every list says so.
  const stale = agencies.some((a) => a.stale);
  const unknown = agencies.filter((a) => a.state === 'unknown').map((a) => a.agency);
  const warningsOf = (code: string) => {
    const list = agencies.flatMap((a) => a.warnings.filter((w) => w.linkedStorm?.code === code));
    return { list, total: list.length, stale, unknown };
  };
  return typhoons.map((t) => ({
    ...t,
    live: t.live && { ...t.live, formedFrom: ofLiveStorm(t.code), warnings: warningsOf(t.code) },
  }));
}
