import { Link } from 'react-router';
import { useTitle } from '../components/use-title.js';

export default function NotFoundPage() {
  useTitle('Page not found');
  return (
    <div className="sign-in">
      <h1>Page not found</h1>
      <p>There is no page at this address.</p>
      <Link to="/">Go to the dashboard</Link>
    </div>
  );
}
