// Apart from messages.ts: a screen's texts go with its own code, not in every screen's first load.

/** Upload texts: spec 001 s5 and s8 where it names them, ours for the server's refusals. */
export const UPLOAD_MSG = {
  titleRequired: 'Please enter a title.',
  unsupportedType: 'Unsupported file type. Only common video and audio formats are supported.',
  uploadFailed: (msg: string) => `Upload failed: ${msg}`,
  mediaInfoFailed: (msg: string) => `Upload succeeded, but failed to get media info: ${msg}`,
  saveFailed: (msg: string | undefined) => `Failed to save article: ${msg || 'Unknown error'}`,
  // Ours: the server's reasons, shown after 'Upload failed: '.
  noFile: 'No file was sent. Choose an audio or video file to upload.',
  malformed: 'The upload is not a well-formed multipart form. Choose the file again and retry.',
  emptyFile: 'The file is empty.',
  tooLarge: (limitMb: number) => `The file is larger than the upload limit of ${limitMb} MB.`,
  damaged: 'The file is damaged or incomplete: it cannot be played to the end.',
  /** Decision 0012: a server without ffprobe/ffmpeg says so, never "unsupported file". */
  serverCannotRead: (why: string) => `Your file was not checked: this server cannot read audio or video. ${why}`,
  badSubtitle: 'The subtitle file must be .srt or .vtt with at least one timed cue.',
  subtitleTooLarge: (limitMb: number) => `The subtitle file is larger than ${limitMb} MB.`,
  fileNotFound: 'Uploaded file not found',
  mediaRequired: 'audio or video is required',
  badAddress: 'audio and video must be an uploaded file or an http(s) address',
} as const
