// Each feature plugs into the offline layer here, so it works from any screen: the outbox's senders of
// reviews, word marks and notes made offline; what a download keeps (transcript, word statuses and
// lookups, notes); the stores of one account's data to clear at sign-out or when another account signs
// in (downloads, kept decks, player positions). Loaded after the first screen (features/offline/plugins.ts).
import '../../features/memories/offline-review'
import '../../features/vocabulary/offline-marks'
import '../../features/notes/offline-notes'
import '../../features/player/download-part'
import '../../features/vocabulary/download-parts'
import '../../features/notes/download-part'
import '../../features/offline/forget-downloads'
import './account-traces'
