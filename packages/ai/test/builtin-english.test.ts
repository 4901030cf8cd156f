import { agree, article, organisation, roleOf } from '../src/builtin/english.js';
import { readIdea, readPhrase } from '../src/builtin/idea-reading.js';

// The small pieces of English the builtin writer relies on, each on the cases that broke it.
describe('builtin writer: English', () => {
  it('reads the issue’s ideas for what they are about, whom they name and how they open', () => {
    expect(readIdea('Lessons from our failed product launch')).toMatchObject({ form: 'phrase', subject: { text: 'our failed product launch', plural: false }, people: null });
    expect(readIdea('What nurses wish hospital managers knew')).toMatchObject({ form: 'embedded', subject: null, people: { text: 'nurses', plural: true } });
    expect(readIdea('Why I stopped doing code reviews after 5pm')).toMatchObject({ form: 'embedded', subject: { text: 'code reviews', plural: true } });
    expect(readIdea('Career moves')).toMatchObject({ form: 'phrase', subject: { text: 'career moves', plural: true } });
    expect(readIdea('Is cold calling dead?')).toMatchObject({ form: 'question', opening: 'Is cold calling dead?', subject: { text: 'cold calling' } });
    expect(readIdea('Dr. Patel taught me to listen before I examine')).toMatchObject({ form: 'statement', people: { text: 'Dr. Patel' } });
  });

  it('reads a theme’s number: an activity is singular, a kind of thing keeps its own', () => {
    expect(readPhrase('career moves').plural).toBe(true);
    expect(readPhrase('hiring engineers').plural).toBe(false);
    expect(readPhrase('saying no').plural).toBe(false);
    expect(readPhrase('pricing conversations').plural).toBe(true);
    expect(readPhrase('Kubernetes').plural).toBe(false);
    expect(agree(readPhrase('deploys'), 'is')).toBe('are');
    expect(agree(readPhrase('feedback'), 'looks')).toBe('looks');
  });

  it('writes "a" or "an" by sound, and a headline only when it names a role', () => {
    expect([article('account'), article('user'), article('SEO'), article('CFO'), article('hour')]).toEqual(['an', 'a', 'an', 'a', 'an']);
    expect(roleOf('Charge nurse')).toBe('a charge nurse');
    expect(roleOf('Account executive')).toBe('an account executive');
    expect(roleOf('Founder & CEO')).toBe('a founder & CEO');
    expect(roleOf('Helping teams ship faster | Speaker')).toBeNull();
    expect(roleOf('<script>alert(1)</script>')).toBeNull();
    expect(organisation('Institute of Soil Health')).toBe('the Institute of Soil Health');
    expect(organisation('Acme')).toBe('Acme');
  });
});
