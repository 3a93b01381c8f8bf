// The shared upload component (Mantine Dropzone): `useFileUpload` holds the files and sends them,
// `FileUpload` shows them. See use-file-upload.ts for the two ways a feature uses it.
export { FileUpload } from './file-upload';
export type { FileUploadProps } from './file-upload';
export { useFileUpload } from './use-file-upload';
export type { FileUploadController, UseFileUploadOptions } from './use-file-upload';
export type { UploadItem, UploadRule, UploadStatus } from './upload-state';
