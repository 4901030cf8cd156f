import type Joi from 'joi';

/** One area of configuration: the variables it reads and the typed value it builds from them. */
export interface ConfigSection<T> {
  variables: Record<string, Joi.Schema>;
  build(env: Record<string, unknown>): T;
}

export const defineSection = <T>(section: ConfigSection<T>): ConfigSection<T> => section;
