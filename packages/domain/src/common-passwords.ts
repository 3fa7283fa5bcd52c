/**
 * Bundled list of common passwords of 10+ characters (shorter ones already fail the length
 * rule). Drawn from the most frequent entries of public breach corpora, in English and Italian.
 */
const list = `1234567890 0123456789 0987654321 1111111111 0000000000 1234512345 1122334455 1234567891
12345678910 123456789a 123456789q a123456789 q1w2e3r4t5 1q2w3e4r5t 1qaz2wsx3edc qwertyuiop
qwerty1234 qwerty12345 qwertyuiop1 asdfghjkl1 zxcvbnm123 password12 password123 password1234
passw0rd123 password01 iloveyou12 iloveyou123 princess12 football12 football123 baseball12
starwars12 sunshine12 superman12 trustno1234 letmein123 welcome123 welcome1234 administrator
admin12345 admin123456 abcdefghij abc1234567 abcd123456 computer12 michael123 jennifer12
1q2w3e4r5t6y qazwsxedcrfv 1qazxsw23edc zaq12wsxcde asdfasdfasdf qweasdzxc123 passwordpassword
changeme123 dragon1234 monkey1234 master1234 shadow1234 whatever12 freedom123 mustang123
liverpool1 chelsea123 arsenal123 juventus12 juventus123 forzaroma1 forzainter forzamilan
forzajuve1 napoli1926 ciaociao12 ciaociao123 amoremio12 tiamotanto tiamo12345 password1!
francesco1 alessandro giuseppe12 qwertyqwerty 12341234 1234qwer 123qweasd 123qweasdzxc
1234567890a 987654321a asdfghjkl123 zxcvbnm1234 poiuytrewq lkjhgfdsa1 mnbvcxz123 11223344556
123123123123 1212121212 6969696969 5555555555 7777777777 9999999999 123456789012 qwertyasdf
internet12 marianna12 giovanni12 cristina12 valentina1 federica12 gabriele12 lorenzo123
matteo1234 andrea1234 roberto123 stefano123 antonio123 chiara1234 martina123 giulia1234`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(list.split(/\s+/).filter(Boolean));
