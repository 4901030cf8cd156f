/** The frequent reads of issue 18, as paths under /api/v1, for one member's rows. */
export interface ReadTarget {
  name: string;
  path: string;
}

export const readTargets = (ids: { post: string; published: string; endpoint: string }): ReadTarget[] => [
  { name: 'GET /posts/{id}', path: `/posts/${ids.post}` },
  { name: 'GET /posts?limit=20', path: '/posts?limit=20' },
  { name: 'GET /posts?status=…', path: '/posts?status=published&limit=20' },
  { name: 'GET /me', path: '/me' },
  { name: 'GET /ideas', path: '/ideas' },
  { name: 'GET /webhooks', path: '/webhooks' },
  { name: 'GET /webhooks/{id}/deliv.', path: `/webhooks/${ids.endpoint}/deliveries` },
  { name: 'GET /posts/{id}/analytics', path: `/posts/${ids.published}/analytics` },
  { name: 'GET /analytics', path: '/analytics' },
];
