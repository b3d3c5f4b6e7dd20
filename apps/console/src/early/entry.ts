import { keepEarlyKeysInPage } from './early-keys'
import { sendEarlySignInCheck } from './sign-in-request'
import { startConsoleAfterPaint } from './start-console'

globalThis.__lingocastSignInCheck = sendEarlySignInCheck(document.cookie, (...args) => fetch(...args))
globalThis.__lingocastEarlyKeys = keepEarlyKeysInPage()

// Only the built page has the template (early-entry.ts); the dev server's page runs main.tsx itself.
const template = document.getElementById('console-code')
if (template instanceof HTMLTemplateElement) startConsoleAfterPaint(template)
