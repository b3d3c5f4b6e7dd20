import type { JobHandler } from '../jobs/job-runner'
import type { FeedsService, RefreshOutcome } from './feeds.service'

/** The refresh_feed job: one conditional GET of one channel that is due. Failures are the channel's own state, not job retries. */
export function createRefreshFeedJob(feeds: Pick<FeedsService, 'refresh'>, onOutcome?: (outcome: RefreshOutcome) => void): JobHandler<'refresh_feed'> {
  return async ({ channelId }, ctx) => {
    // Queued by a sweep (or for a new channel, due at once): by the time it runs, another worker may have refreshed it.
    const outcome = await feeds.refresh(channelId, { onlyIfDue: true })
    onOutcome?.(outcome)
    if (outcome.result === 'failed') ctx.log.info({ channelId, error: outcome.error, paused: outcome.paused }, 'feed refresh failed')
    else if (outcome.result === 'fetched' && outcome.added > 0) ctx.log.info({ channelId, added: outcome.added }, 'new episodes')
  }
}
