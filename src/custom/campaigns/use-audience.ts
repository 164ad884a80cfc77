import { useEffect, useRef, useState } from 'react';
import { CAMPAIGN_API } from '../../domain/campaigns/api';
import { segmentSchema, type Segment } from '../../domain/campaigns/rules';
import type { audienceAnswer, AudienceAnswer } from '../../domain/campaigns/wire';
import { useApiMutation } from '../../providers/use-api';

/** How long the segment must stay still before it is counted (a count per keystroke is waste). */
const SETTLE_MS = 350;

/**
 * The live count of a segment being built: asked of the server (the same SQL the send uses) once
 * the segment is complete and has stopped changing. An incomplete one (a condition without its
 * value) is counted by nobody: `incomplete` says so, and the screen shows no number then, since the
 * last count was of other conditions (20 "match now" stood beside "Tag has VIP" and an empty one).
 */
export function useAudience(segment: Segment | undefined) {
  const count = useApiMutation<typeof audienceAnswer>();
  const [data, setData] = useState<AudienceAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const key = JSON.stringify(segment ?? null);
  const incomplete = segment !== undefined && !segmentSchema.safeParse(segment).success;
  // The latest sender, so a new function identity per render never restarts the count.
  const sendRef = useRef(count.send);
  sendRef.current = count.send;
  useEffect(() => {
    const checked = segmentSchema.safeParse(JSON.parse(key));
    if (!checked.success) return;
    let live = true;
    setBusy(true);
    const timer = setTimeout(() => {
      sendRef
        .current({ url: CAMPAIGN_API.audience, method: 'post', values: { segment: checked.data } })
        .then((answer) => live && setData(answer))
        .catch(() => undefined)
        .finally(() => live && setBusy(false));
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key]);
  return { data, busy, incomplete };
}
export type Audience = ReturnType<typeof useAudience>;
