import { sendEarlySignInCheck } from './sign-in-request'

globalThis.__lingocastSignInCheck = sendEarlySignInCheck(document.cookie, (...args) => fetch(...args))
