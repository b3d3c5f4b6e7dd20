import { defineFeature } from '../../core/define-feature'
import { authGuard } from '../../plugins/auth-guard'
import { createAuthRepo } from './auth.repo'
import { authRoutes } from './auth.routes'
import { createAuthService, type AuthService } from './auth.service'
import { createOAuthFlow } from './oauth-flow'
import { createOAuthClients } from './oauth-providers'

declare module 'fastify' {
  interface FastifyInstance {
    /** Sessions and sign-in: the console's server-rendered pages look a session up through it. */
    auth: AuthService
  }
}

const HOUR = 3_600_000

/** Sign-in by emailed code or OAuth, sessions, and `app.requireUser`, the guard of every product route. */
export const authFeature = defineFeature({
  name: 'auth',
  async register(app, { config, db, mailer, operatorFetch }) {
    const repo = createAuthRepo(db)
    const auth = createAuthService({ repo, mailer, config, log: app.log })
    const oauth = createOAuthFlow({ clients: createOAuthClients(config, operatorFetch), repo, auth, publicUrl: config.publicUrl, log: app.log })
    await app.register(authGuard, { auth })
    await app.register(authRoutes, { auth, oauth, config })
    app.decorate('auth', auth)

    const purge = setInterval(() => {
      repo.purgeExpired().catch((error: unknown) => app.log.warn({ err: error }, 'purging expired sign-in rows failed'))
    }, HOUR)
    purge.unref()
    app.addHook('onClose', async () => clearInterval(purge))
  },
})
