import { Link } from 'react-router';
import { useTitle } from './useTitle';

export function NotFound() {
  useTitle('Not found');
  return (
    <article>
      <h1>Not found</h1>
      <p>
        <Link to="/">Back home</Link>
      </p>
    </article>
  );
}
