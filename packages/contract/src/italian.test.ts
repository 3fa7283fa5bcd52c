import { describe, expect, it } from 'vitest';
import { ITALIAN_ARTICLES, withItalianA, withItalianArticle } from './italian';

describe('Italian\'s "a" before a word', () => {
  it('is "ad" before an a, in either case, and "a" before anything else', () => {
    expect(withItalianA('Anna')).toBe('ad Anna');
    expect(withItalianA('alberto')).toBe('ad alberto');
    expect(withItalianA('Bruno')).toBe('a Bruno');
    expect(withItalianA('Elena')).toBe('a Elena');
  });
});

describe('Italian articles before a date or a number', () => {
  it('elide before a day said with a vowel, and only then', () => {
    expect(withItalianArticle('il', '8 dicembre 2026')).toBe("l'8 dicembre 2026");
    expect(withItalianArticle('Il', '11 gennaio')).toBe("L'11 gennaio");
    expect(withItalianArticle('dal', '1 marzo')).toBe("dall'1 marzo");
    expect(withItalianArticle('Dal', '8 aprile')).toBe("Dall'8 aprile");
    expect(withItalianArticle('al', '11')).toBe("all'11");
    expect(withItalianArticle('del', '8')).toBe("dell'8");
    expect(withItalianArticle('nel', '1')).toBe("nell'1");
    expect(withItalianArticle('il', '81')).toBe("l'81");
    expect(withItalianArticle('il', '11.000')).toBe("l'11.000");
    for (const value of ['21 dicembre', '10 maggio', '18 giugno', '111', '1.500', '2', 'Anna'])
      expect(withItalianArticle('il', value)).toBe(`il ${value}`);
  });

  it('knows each article, in either case', () => {
    for (const article of ITALIAN_ARTICLES) {
      expect(withItalianArticle(article, '8')).toMatch(/^[a-z]+'8$/);
      const capital = article.charAt(0).toUpperCase() + article.slice(1);
      expect(withItalianArticle(capital, '8')).toMatch(/^[A-Z][a-z]*'8$/);
    }
  });
});
