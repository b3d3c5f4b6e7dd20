import { SUBTITLE_EXTENSIONS } from '@lingocast/contract'

// Apart from upload-flow.ts: the Learning screen's first load needs only the button and its picker.

export const UPLOAD_BUTTON = 'Upload Media'

/** What the picker takes: video and audio (spec 001 s2), plus an optional subtitle chosen with it. */
export const PICKER_ACCEPT = ['video/*', 'audio/*', ...SUBTITLE_EXTENSIONS.map((e) => `.${e}`)].join(',')
