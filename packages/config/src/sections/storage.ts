import Joi from 'joi';
import { durationMs } from '../duration.js';
import { defineSection } from './section.js';

export const storageSection = defineSection({
  variables: {
    LPS_STORAGE: Joi.string().valid('local', 's3').default('local'),
    LPS_DATA_DIR: Joi.string().default('.data'),
    S3_BUCKET: Joi.string().when('LPS_STORAGE', { is: 's3', then: Joi.required() }),
    S3_REGION: Joi.string().default('us-east-1'),
    S3_ENDPOINT: Joi.string().uri({ scheme: ['http', 'https'] }),
    S3_ACCESS_KEY_ID: Joi.string(),
    S3_SECRET_ACCESS_KEY: Joi.string(),
    S3_FORCE_PATH_STYLE: Joi.boolean().truthy('1').falsy('0').default(false),
    S3_PUBLIC_URL: Joi.string().uri({ scheme: ['http', 'https'] }),
    /** image_url uploads: how long the fetch of a user-supplied URL may take. */
    LPS_UPLOAD_FETCH_TIMEOUT: durationMs('15s', { min: '1s', max: '5m' }),
    /** Link cards: how long reading a page (and, apart, its image) may take, slow senders included. */
    LPS_LINK_PREVIEW_TIMEOUT: durationMs('8s', { min: '200ms', max: '1m' }),
    /** How long a publication waits for a link card still being read before it goes out as plain text. */
    LPS_LINK_PREVIEW_WAIT: durationMs('20s', { min: '0ms', max: '5m' }),
  },
  build: (env) => ({
    driver: env.LPS_STORAGE as 'local' | 's3',
    dataDir: env.LPS_DATA_DIR as string,
    uploadFetchTimeoutMs: env.LPS_UPLOAD_FETCH_TIMEOUT as number,
    linkPreviewTimeoutMs: env.LPS_LINK_PREVIEW_TIMEOUT as number,
    linkPreviewWaitMs: env.LPS_LINK_PREVIEW_WAIT as number,
    s3: {
      bucket: env.S3_BUCKET as string | undefined,
      region: env.S3_REGION as string,
      endpoint: env.S3_ENDPOINT as string | undefined,
      accessKeyId: env.S3_ACCESS_KEY_ID as string | undefined,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY as string | undefined,
      forcePathStyle: env.S3_FORCE_PATH_STYLE as boolean,
      publicUrl: (env.S3_PUBLIC_URL as string | undefined)?.replace(/\/+$/, ''),
    },
  }),
});
