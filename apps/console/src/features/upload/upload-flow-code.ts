// What Upload Media loads when it is pressed (UploadMedia.tsx): one import, one chunk.
export { UploadFlow } from './UploadFlow'
export { pickFiles, UPLOAD_TEXT } from './upload-flow'
