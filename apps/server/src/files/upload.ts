import { hasControlCharacter, textLength } from '@3ds/domain';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest } from '../errors/app-error.ts';
import { imageDimensions, imageSizeRefusal } from './image-dimensions.ts';

/** Raster image types a picture may be; decided from the bytes, never from the name or header. */
export const PICTURE_TYPES: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

export const ONLY_IMAGES = 'You may only upload images';

export interface UploadedFile {
  bytes: Buffer;
  contentType: string;
  extension: string;
  originalName: string;
}

/** What is wrong with an uploaded file's name, which is kept with the file and shown in the history. */
function fileNameProblem(name: string): string | undefined {
  if (!name.trim()) return 'The file has no file name; name it and upload it again.';
  if (hasControlCharacter(name) || !name.isWellFormed()) return 'The file name holds control characters (such as NUL) that cannot be stored; rename the file and upload it again.';
  if (textLength(name) > 255) return 'The file name is longer than 255 characters; rename the file and upload it again.';
  return undefined;
}

/** Bytes that are text: no NUL and no control byte but tab, line ends and form feed. */
function isPlainText(bytes: Buffer): boolean {
  for (const byte of bytes) if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
  return bytes.length > 0;
}

/**
 * Reads exactly one file from a multipart request (≤ `maxBytes`) and checks its real type.
 * 413 when too large, 400 for none or several, 415 when the bytes are not an allowed type, 422 when
 * an image's header is damaged or declares more pixels than a picture may have (a decompression bomb).
 */
export async function readOneFile(
  request: FastifyRequest,
  options: {
    maxBytes: number;
    allowed: Readonly<Record<string, string>>;
    refusal: string;
    /** Plain text (which has no signature in its bytes) is taken too, as this type: text without NUL or other binary control bytes. */
    text?: { extension: string; contentType: string };
  },
): Promise<UploadedFile> {
  if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data.');
  if (!/;\s*boundary=/i.test(request.headers['content-type'] ?? '')) throw badRequest('The multipart/form-data body names no boundary; send the file as a form upload.');
  let file: { part: MultipartFile; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxBytes, files: 2, fields: 10 } })) {
      if (part.type !== 'file') continue;
      if (file) throw badRequest('Send one file only.');
      const nameProblem = fileNameProblem(part.filename);
      if (nameProblem) throw badRequest(nameProblem);
      file = { part, bytes: await part.toBuffer() };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'TOO_LARGE', `The file is larger than ${(options.maxBytes / (1024 * 1024)).toFixed(1)} MB.`);
    }
    // Whatever else the multipart parser meets is the body's fault: cut short, no closing boundary, a
    // header it cannot read. The request is refused; nothing was stored.
    throw badRequest(`The upload is malformed or incomplete (${(error as Error).message}). Send the file again.`);
  }
  if (!file) throw badRequest('No file was sent.');
  const detected = await fileTypeFromBuffer(file.bytes);
  if (!detected && options.text && isPlainText(file.bytes)) {
    return { bytes: file.bytes, contentType: options.text.contentType, extension: options.text.extension, originalName: file.part.filename };
  }
  const extension = detected ? options.allowed[detected.mime] : undefined;
  if (!detected || !extension) throw new AppError(415, 'UNSUPPORTED_MEDIA', options.refusal);
  if (detected.mime.startsWith('image/')) {
    const size = imageDimensions(file.bytes, detected.mime);
    const refusal = size ? imageSizeRefusal(size) : 'The image is damaged or incomplete: its size cannot be read.';
    if (refusal) throw new AppError(422, 'VALIDATION', refusal);
  }
  return { bytes: file.bytes, contentType: detected.mime, extension, originalName: file.part.filename };
}
