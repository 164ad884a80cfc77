/**
 * The storage driver the configuration asks for: disk under DATA_DIR unless S3 is configured.
 * A half-filled S3 configuration stops the server at start instead of quietly writing to disk
 * (files would then be missing on every other process).
 */
import type { Config } from '../../config';
import { diskStorage } from './disk-driver';
import { s3Storage } from './s3-driver';
import type { FileStorage } from './storage';

export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): FileStorage {
  const { endpoint, bucket, accessKeyId, secretAccessKey, region } = config.s3;
  const settings = {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
  };
  const missing = Object.entries(settings)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length === Object.keys(settings).length) return diskStorage(config.dataDir);
  if (!endpoint || !bucket || !accessKeyId || !secretAccessKey) {
    throw new Error(
      `S3 storage is partly configured: set ${missing.join(', ')} as well, or none of the S3_ settings for files on disk`,
    );
  }
  return s3Storage({ endpoint, bucket, accessKeyId, secretAccessKey, region });
}
