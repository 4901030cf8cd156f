/**
 * A family of keys that one script or transaction uses together, as
 * `{<prefix>:<family>}:<rest>`: the braces are a Redis Cluster hash tag, so the
 * family sits in one slot (multi-key scripts work on a cluster) and apart from
 * the queues' slot `{<prefix>}`, so families spread over the cluster's nodes.
 */
export const taggedKey = (prefix: string, family: string, ...rest: string[]): string => [`{${prefix}:${family}}`, ...rest].join(':');
