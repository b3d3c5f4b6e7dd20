import { defineFeature } from '../../core/define-feature'
import { createJobRunner, type JobRunner, type JobRunnerOptions } from './job-runner'
import { createJobsRepo, type JobsRepo } from './jobs.repo'

/** A lane's own settings; the rest (lease, polling, retries) comes from the config's jobs section. */
export type LaneOptions = { component: string } & Partial<Omit<JobRunnerOptions, 'repo' | 'log'>>

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue's table: features enqueue their jobs through it. */
    jobQueue: JobsRepo
    /**
     * A lane of the queue: its own slots for the job names it lists, so short jobs never wait behind long
     * ones. Started with the server where PROCESS_ROLE runs jobs (worker or both); stopped before the
     * database closes, its running jobs aborted and handed back to the queue.
     */
    jobLane: (options: LaneOptions) => JobRunner
    /** Seconds of work a learner waits for (sentence clips, shadowing scores): never behind an hour-long transcription or a slow feed. */
    quickJobs: JobRunner
  }
}

/** The Postgres-backed job queue and its lanes (decision 0008); each feature registers its jobs in a lane. */
export const jobsFeature = defineFeature({
  name: 'jobs',
  async register(app, { config, db }) {
    const repo = createJobsRepo(db)
    const jobLane = ({ component, ...options }: LaneOptions) => {
      const lane = createJobRunner({ repo, log: app.log.child({ component }), ...config.jobs, ...options })
      if (config.processRole !== 'web') {
        app.addHook('onReady', async () => lane.start())
        app.addHook('preClose', async () => lane.stop())
      }
      return lane
    }
    app.decorate('jobQueue', repo)
    app.decorate('jobLane', jobLane)
    app.decorate('quickJobs', jobLane({ component: 'quick-jobs', concurrency: 2, names: ['card_audio', 'score_take'] }))
  },
})
