import type { JobHandler } from '../jobs/job-runner'
import type { FeedsService, RefreshOutcome } from './feeds.service'

/** The refresh_feed job: one conditional GET of one channel. Failures are the channel's own state, not job retries. */
export function createRefreshFeedJob(feeds: Pick<FeedsService, 'refresh'>, onOutcome?: (outcome: RefreshOutcome) => void): JobHandler<'refresh_feed'> {
  return async ({ channelId }, ctx) => {
    const outcome = await feeds.refresh(channelId)
    onOutcome?.(outcome)
    if (outcome.result === 'failed') ctx.log.info({ channelId, error: outcome.error, paused: outcome.paused }, 'feed refresh failed')
    else if (outcome.result === 'fetched' && outcome.added > 0) ctx.log.info({ channelId, added: outcome.added }, 'new episodes')
  }
}
