import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { Layout } from './components/layout.js';
import { LoadFailed, Loading } from './components/notice.js';
import { SessionProvider, useSession } from './session.js';

// One chunk per page: the first load carries the frame and the page asked for, nothing else.
const SignInPage = lazy(() => import('./pages/sign-in.js'));
const SignInLinkPage = lazy(() => import('./pages/sign-in-link.js'));
const PostsPage = lazy(() => import('./pages/posts.js'));
const PostPage = lazy(() => import('./pages/post.js'));
const ComposePage = lazy(() => import('./pages/compose.js'));
const EditPostPage = lazy(() => import('./pages/edit-post.js'));
const ReviewPage = lazy(() => import('./pages/review.js'));
const FailuresPage = lazy(() => import('./pages/failures.js'));
const KeysPage = lazy(() => import('./pages/keys.js'));
const WebhooksPage = lazy(() => import('./pages/webhooks.js'));
const WebhookPage = lazy(() => import('./pages/webhook.js'));
const McpPage = lazy(() => import('./pages/mcp.js'));
const ConnectionPage = lazy(() => import('./pages/connection.js'));
const SessionsPage = lazy(() => import('./pages/sessions.js'));
const CalendarPage = lazy(() => import('./pages/calendar/calendar.js'));
const ScheduleSettingsPage = lazy(() => import('./pages/schedule-settings/schedule-settings.js'));
const IdeasPage = lazy(() => import('./pages/ideas/ideas.js'));
const AnalyticsPage = lazy(() => import('./pages/analytics/analytics.js'));
const NotFoundPage = lazy(() => import('./pages/not-found.js'));

/** A page for signed-in members: without a session, the sign-in page, which comes back here. */
function SignedIn({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const location = useLocation();
  if (!session) return <Navigate replace to={`/sign-in?return_to=${encodeURIComponent(location.pathname + location.search)}`} />;
  return (
    <Layout>
      <Suspense fallback={<Loading what="the page" />}>{children}</Suspense>
    </Layout>
  );
}

function Bare({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="bare">
      <Suspense fallback={<Loading what="the page" />}>{children}</Suspense>
    </main>
  );
}

function Home() {
  const { session } = useSession();
  return <Navigate replace to={session ? '/posts' : '/sign-in'} />;
}

export function App() {
  return (
    <SessionProvider
      fallback={<Loading what="your session" />}
      failed={(error, retry) => (
        <main id="main" className="bare">
          <h1>lps</h1>
          <LoadFailed error={error} what="Your session" retry={retry} />
        </main>
      )}
    >
      <Routes>
        <Route path="/" element={<Home />} />
        <Route
          path="/sign-in"
          element={
            <Bare>
              <SignInPage />
            </Bare>
          }
        />
        <Route
          path="/sign-in/link"
          element={
            <Bare>
              <SignInLinkPage />
            </Bare>
          }
        />
        <Route path="/posts" element={<SignedIn children={<PostsPage />} />} />
        <Route path="/posts/:id" element={<SignedIn children={<PostPage />} />} />
        <Route path="/calendar" element={<SignedIn children={<CalendarPage />} />} />
        <Route path="/settings/schedule" element={<SignedIn children={<ScheduleSettingsPage />} />} />
        <Route path="/ideas" element={<SignedIn children={<IdeasPage />} />} />
        <Route path="/analytics" element={<SignedIn children={<AnalyticsPage />} />} />
        <Route path="/developer/keys" element={<SignedIn children={<KeysPage />} />} />
        <Route path="/developer/webhooks" element={<SignedIn children={<WebhooksPage />} />} />
        <Route path="/developer/webhooks/:id" element={<SignedIn children={<WebhookPage />} />} />
        <Route path="/developer/mcp" element={<SignedIn children={<McpPage />} />} />
        <Route path="/connection" element={<SignedIn children={<ConnectionPage />} />} />
        <Route path="/account/sessions" element={<SignedIn children={<SessionsPage />} />} />
        <Route path="/posts/:id/edit" element={<SignedIn children={<EditPostPage />} />} />
        <Route path="/compose" element={<SignedIn children={<ComposePage />} />} />
        <Route path="/review" element={<SignedIn children={<ReviewPage />} />} />
        <Route path="/failures" element={<SignedIn children={<FailuresPage />} />} />
        <Route
          path="*"
          element={
            <Bare>
              <NotFoundPage />
            </Bare>
          }
        />
      </Routes>
    </SessionProvider>
  );
}
