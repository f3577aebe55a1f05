/**
 * The north-western Pacific storms as answered (list and detail): an active storm's live status names the invest it
 * formed from, a link the disturbance history keeps (docs/api/disturbances.md); an archived storm has no live status.
 */
import { investLinks } from '../global/disturbance-view.ts';
import type { TyphoonAnswer } from '../model/live-schemas.ts';
import type { Typhoon } from '../model/typhoon-schemas.ts';
import type { RequestContext } from './context.ts';

export async function withFormedFrom(ctx: RequestContext, typhoons: readonly Typhoon[]): Promise<TyphoonAnswer[]> {
  if (!typhoons.some((t) => t.live)) return typhoons.map((t) => ({ ...t, live: null }));
  const { ofLiveStorm } = await investLinks(ctx.store, ctx.now());
  return typhoons.map((t) => ({ ...t, live: t.live && { ...t.live, formedFrom: ofLiveStorm(t.code) } }));
}
