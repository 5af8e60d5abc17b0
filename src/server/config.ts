import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LOG_LEVELS, type LogLevel } from './http/logging';

/** Server configuration from the environment (README "Configuration"). */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly sessionSecret: string;
  readonly appHost: string | undefined;
  readonly marketingHost: string | undefined;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly trustProxy: boolean;
  readonly webDir: string;
  /** Two years of demo history with the demo data: `all` (the default: self-assessments, evaluations, follow-ups), `assessments` (self-assessments only) or `none` (`DEMO_HISTORY=0`). */
  readonly demoHistory: 'all' | 'assessments' | 'none';
  readonly publicUrl: string | undefined;
  /** Where contact-form enquiries are e-mailed. */
  readonly contactTo: string;
  /** Whether a Learning Record Store may be in the server's own network (`LRS_ALLOW_PRIVATE`): an on-premises store. */
  readonly lrsAllowPrivate: boolean;
  /** How much the server logs (pino levels): `info` by default; every 5xx is logged at `error`. */
  readonly logLevel: LogLevel;
}

export class ConfigError extends Error {}

function secretFor(dataDir: string, given: string | undefined): string {
  if (given) {
    if (given.length < 32) throw new ConfigError('SESSION_SECRET must be at least 32 characters.');
    return given;
  }
  // Development default: a random secret kept next to the embedded database, so restarts keep sessions.
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'session-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/** Reads and checks the environment; throws ConfigError with a clear message for a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, not "${env.PORT}".`);
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://.');
  if (env.TRUST_PROXY && !['true', 'false', '1', '0'].includes(env.TRUST_PROXY))
    throw new ConfigError('TRUST_PROXY must be true or false.');
  if (env.SMTP_URL && !/^smtps?:\/\//.test(env.SMTP_URL)) throw new ConfigError('SMTP_URL must start with smtp:// or smtps://.');
  const logLevel = env.LOG_LEVEL || 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${env.LOG_LEVEL}".`);
  const dataDir = resolve(env.DATA_DIR ?? './data');
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl,
    sessionSecret: secretFor(dataDir, env.SESSION_SECRET),
    appHost: env.APP_HOST || undefined,
    marketingHost: env.MARKETING_HOST || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'ErgoPortal <no-reply@ergoportal.example>',
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    webDir: resolve(env.WEB_DIR ?? './dist/web'),
    demoHistory: env.DEMO_HISTORY === '0' ? 'none' : env.DEMO_HISTORY === 'assessments' ? 'assessments' : 'all',
    publicUrl: env.PUBLIC_URL || undefined,
    contactTo: env.CONTACT_TO ?? 'hello@ergoportal.example',
    lrsAllowPrivate: env.LRS_ALLOW_PRIVATE === 'true' || env.LRS_ALLOW_PRIVATE === '1',
    logLevel: logLevel as LogLevel,
  };
}
