import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useSession } from '../session.js';

interface NavItem {
  to: string;
  label: string;
}

const SECTIONS: { heading: string; items: NavItem[] }[] = [
  {
    heading: 'Content',
    items: [
      { to: '/compose', label: 'Compose' },
      { to: '/posts', label: 'Posts' },
      { to: '/calendar', label: 'Calendar' },
      { to: '/ideas', label: 'Ideas' },
      { to: '/review', label: 'Review' },
      { to: '/failures', label: 'Failures' },
      { to: '/analytics', label: 'Analytics' },
    ],
  },
  {
    heading: 'Developer access',
    items: [
      { to: '/developer/keys', label: 'API keys' },
      { to: '/developer/webhooks', label: 'Webhooks' },
      { to: '/developer/mcp', label: 'MCP' },
    ],
  },
  {
    heading: 'Account',
    items: [
      { to: '/connection', label: 'LinkedIn connection' },
      { to: '/account/sessions', label: 'Sessions' },
      { to: '/settings/schedule', label: 'Schedule & settings' },
    ],
  },
];

/**
 * The frame of every signed-in page: a skip link, the navigation (a menu button on a phone),
 * and the page in <main>. Focus moves to the page's heading after a navigation, as a full
 * page load would put a screen reader at the top.
 */
export function Layout({ children }: { children: ReactNode }) {
  const { session, signOut } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const main = useRef<HTMLElement>(null);
  const navId = useId();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [location.pathname]);

  const name = session?.member.display_name ?? 'Member';
  return (
    <div className="frame">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <span className="brand" aria-label="lps">
          <span aria-hidden="true" className="brand-mark">
            l
          </span>
          lps
        </span>
        {session?.network === 'sandbox' ? <span className="badge badge-sandbox">Sandbox</span> : null}
        <button type="button" className="menu-button" aria-expanded={menuOpen} aria-controls={navId} onClick={() => setMenuOpen((open) => !open)}>
          Menu
        </button>
      </header>
      <nav id={navId} className={menuOpen ? 'sidebar open' : 'sidebar'} aria-label="Main">
        {SECTIONS.map((section) => (
          <div key={section.heading} className="nav-section">
            <h2 className="nav-heading">{section.heading}</h2>
            <ul>
              {section.items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} onClick={() => setMenuOpen(false)}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div className="nav-footer">
          <p className="signed-in-as">
            Signed in as <strong>{name}</strong>
          </p>
          <button type="button" className="button secondary" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </nav>
      <main id="main" ref={main} className="content" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

/** A page's heading: focusable so a navigation can move focus to it (not in the tab order). */
export function PageHeading({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="page-heading">
      <h1 tabIndex={-1}>{children}</h1>
      {actions ? <div className="page-actions">{actions}</div> : null}
    </div>
  );
}
