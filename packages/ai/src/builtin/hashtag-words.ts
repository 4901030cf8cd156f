/**
 * What the offline writer knows about tagging: which words nobody tags, which
 * word pairs are one thing (a person writes #MachineLearning, not #machine
 * #learning), and the broad tag a topic usually carries on LinkedIn.
 * Keys are lower case; the lists are data, the rules are in hashtags.ts.
 */

const words = (text: string): Set<string> => new Set(text.trim().split(/\s+/));

/**
 * Never a tag on their own: function words, pronouns, auxiliaries, common verbs in
 * every form, vague adjectives and adverbs, time words, and the framing words of
 * a title ("lessons", "mistake", "tips") that say what kind of post it is, not
 * what it is about. A few French, German and Spanish function words too.
 */
export const UNTAGGABLE = words(`
  a about above after again against all almost also although always am among an and another any anyone anything are around as at away
  back be became because become becomes been before behind being below beside best better between beyond both but by can cannot could
  did do does doing done down during each either else enough even ever every everyone everything few for from further get gets getting
  got gotten had has have having he her here hers herself him himself his how however i if in inside instead into is it its itself just
  least less let lets like made make makes making many may me might mine more most much must my myself near need needs never new next no
  nobody none nor not nothing now of off often old on once one only onto or other others our ours ourselves out over own per perhaps quite
  rather really same several shall she should since so some someone something sometimes soon still such than that the their theirs them
  themselves then there these they thing things this those though through throughout thus to together too toward towards under until up
  upon us very via was we well were what whatever when where whether which while who whom whose why will with within without would yet you
  your yours yourself yourselves
  dont don’t don't cant can’t can't isnt isn’t isn't wasnt wasn’t doesnt doesn’t won’t wont im i’m i'm we’re were you’re ive i’ve it’s
  ask asked asks become becoming began begin begins bring brings brought build builds built buy bought call called came come comes coming
  cut cuts did feel feels felt find finds found gave give gives giving go goes going gone grew grow grows happen happened happens hear heard
  help helped helps hold held keep keeps kept knew know knows known learn learned learns learnt leave leaves left lose loses losing lost
  meet meets met mean means meant move moved moves pay paid put puts read reads run runs ran said say says saw see seen sees seem seems
  send sent set sets show showed shows start started starts stop stopped stops take takes taken taking taught teach teaches tell tells think
  thinks thought told took tried tries try trying turn turned turns use used uses using want wanted wants went win wins won work worked works
  write writes wrote written cost costs costed spend spends spent replace replaced replaces launch launched launches ship shipped ships stopped
  change changed changes changing wish wished matter matters mattered needed nobody misses miss missed fix fixed fixes fixing saved save saves
  talk talks talked stay stays stayed happened handle handled handles hire hired hires stopped doing says
  able actually already bad big certainly clear clearly different easy easily early enough entire exactly fast faster final finally fine
  first free full good great hard harder high huge important last late later little long longer low main major many minor more most
  much never nice obvious only other own past personal possible quick quickly real really recent recently right simple simply single
  small smaller so strong sure true truly useful usually whole wrong worst worse bigger biggest best better greatest top
  day days hour hours minute minutes month months week weeks year years today tomorrow yesterday time times moment decade decades
  half once twice three four five six seven eight nine ten hundred thousand million billion
  lesson lessons learned mistake mistakes tip tips trick tricks guide guides reason reasons way ways step steps thing idea ideas question
  questions answer answers story stories post posts thread truth myth myths secret secrets hack hacks rule rules sign signs habit habits
  people person everyone team teams folks guys someone anybody lot lots kind kinds sort part parts point points place case cases fact facts
  problem problems result results example examples look looks start end side level levels number numbers percent
  noise page accident choice understood prepare surprise across replies negotiate update updates failure backbone decision decisions
  experiment experiments checklist accounts hidden junior senior open monday tuesday wednesday thursday friday saturday sunday mondays
  fridays weekend weekends everyday anyway myself hype pain wins lose losses matter secretly nobody somebody budget companies company
  course courses
  pour avec dans une les des sur pas plus que qui est sont par aux ces son ses leur nous vous elle il ils
  ce cet cette nous avons appris être avoir fait faire
  und der die das mit für nicht ein eine einen dem den des ist sind auf auch wie wir ihr richtig nutzen
  para con los las una por que del como pero sus más sin sobre este esta
`);

/**
 * The nouns that head a compound a person tags whole: "trunk-based development",
 * "event-driven architecture", "platform engineering", "career development".
 */
export const COMPOUND_HEADS = words(`
  development design architecture engineering testing thinking learning management marketing leadership programming delivery planning
  pricing systems security research analytics strategy growth operations science intelligence experience integration deployment
  reliability computing writing storytelling branding selling hiring recruiting onboarding coaching mentoring manager managers
`);

/** Words ending in -ing that name a topic; any other -ing word is taken for a verb ("moving", "slowing"). */
export const TOPIC_GERUNDS = words(`
  hiring mentoring onboarding teaching marketing pricing testing learning writing coaching networking fundraising scaling recruiting
  branding storytelling engineering programming debugging budgeting planning selling prospecting consulting freelancing parenting
  investing accounting manufacturing outsourcing benchmarking caching logging monitoring computing
`);

/** Modifiers that never start a compound ("faster development", "modern design"). */
export const WEAK_MODIFIERS = words(`
  modern faster slower better worse great good bad real true new old big small whole next last early late solid poor strong weak
  simple complex effective efficient successful quick slow sustainable healthy broken messy clean fast
`);

/** Pairs and triples that are one thing, although neither word is a compound head. */
export const KNOWN_COMPOUNDS = [
  'artificial intelligence',
  'remote work',
  'hybrid work',
  'code review',
  'code reviews',
  'pair programming',
  'technical debt',
  'tech debt',
  'mental health',
  'customer success',
  'customer service',
  'continuous delivery',
  'continuous integration',
  'open source',
  'personal brand',
  'public speaking',
  'growth mindset',
  'design system',
  'design systems',
  'feature flags',
  'feature flag',
  'incident response',
  'imposter syndrome',
  'impostor syndrome',
  'side project',
  'side projects',
  'supply chain',
  'climate change',
  'small business',
  'venture capital',
  'cyber security',
  'work life balance',
  'status meetings',
  'career change',
  'job search',
  'cold outreach',
  'cold email',
  'product market fit',
  'product-market fit',
  'four-day week',
  'work-life balance',
  'on-call',
  'context switching',
  'time zones',
  'distributed team',
  'distributed teams',
  'investor updates',
  'small business owners',
  'déploiement continu',
  'deep work',
  'first principles',
  'unit tests',
  'unit testing',
  'on call',
  'language models',
  'large language models',
  'developer productivity',
  'employee engagement',
  'psychological safety',
  'performance reviews',
  'performance review',
  'salary negotiation',
  'user research',
  'product discovery',
  'data privacy',
  'cloud costs',
].map((phrase) => phrase.split(' '));

/** Hyphenated words that are no topic at all ("so-called", "30-day"). */
export const HYPHENATED_NOISE = words(`so-called well-known long-awaited must-have must-read year-long day-to-day follow-up`);

/**
 * The broad tag a topic usually carries, and the words that name the topic. One
 * of these is added when the idea speaks of the topic and its tags leave room.
 */
export const TOPIC_TAGS: Array<{ tag: string; signals: Set<string> }> = [
  { tag: '#AI', signals: words('ai llm llms gpt chatgpt copilot genai agents agent prompt prompts intelligence language machine mlops') },
  {
    tag: '#SoftwareEngineering',
    signals: words(`code coding developer developers engineering engineer engineers software programming
      api apis bug bugs refactor refactoring microservices monolith typescript javascript python rust golang java database databases
      frontend backend architecture repository test tests testing branch branches merge debt compiler open-source codebase`),
  },
  {
    tag: '#DevOps',
    signals: words(`devops deploy deploys deployment deployments release releases trunk kubernetes docker ci cd pipeline pipelines incident
      incidents outage outages on-call observability monitoring infrastructure cloud flags`),
  },
  {
    tag: '#Leadership',
    signals: words('manager managers management leadership leader leaders leading delegation feedback culture managing meetings meeting psychological performance'),
  },
  {
    tag: '#Careers',
    signals: words('career careers job jobs interview interviews resume promotion promoted salary layoff layoffs job-hunting hiring mentoring imposter impostor'),
  },
  { tag: '#Hiring', signals: words('hiring recruiting recruiter recruiters candidate candidates onboarding') },
  { tag: '#Marketing', signals: words('marketing brand branding content seo campaign campaigns audience newsletter newsletters funnel') },
  { tag: '#Sales', signals: words('sales selling prospects prospecting deals deal outreach quota pricing') },
  { tag: '#ProductManagement', signals: words('product roadmap roadmaps users discovery prioritisation prioritization pricing') },
  { tag: '#Startups', signals: words('startup startups founder founders cofounder co-founder funding fundraising investors bootstrapped seed') },
  { tag: '#FutureOfWork', signals: words('remote hybrid office offices wfh asynchronous async distributed four-day') },
  { tag: '#Wellbeing', signals: words('burnout health stress sleep wellbeing well-being anxiety rest') },
  { tag: '#Productivity', signals: words('productivity focus calendar procrastination deadlines priorities deep') },
  { tag: '#Data', signals: words('data analytics dashboard dashboards metrics sql warehouse') },
  { tag: '#Education', signals: words('students teaching teacher teachers courses school university education') },
  { tag: '#Finance', signals: words('finance budgets money revenue profit accounting invoices cash payments') },
];
