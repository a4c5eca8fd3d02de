// Letters the recogniser confuses in item names ('Frled Onlon Rlngs', 'Garllc Bread'), repaired
// against a list of food and drink words, only where the repair is unambiguous: a word not in the
// list whose confusable letters, read the other way, make exactly one word of the list, or failing
// that whose one letter read for another of a like shape does ('Tonato Jutce'). A word the list
// does not know, or two it could be, is left as read.
import { hasLetters, isDigit, isLetter, isLower, isUpper, letterWords, oneSpaced } from './text';
import { isOn } from './switches';

/**
 * Food and drink words of UK (and other English-speaking) menus and tills. Not a word a letter
 * from a common word of another menu language or of plain English ('patatas', 'hake'): it would
 * "repair" that word (decision 025).
 */
const WORDS = oneSpaced(`
adana affogato ale almond aloo americano amstel anchovies antipasti aperol apple apricot arrabbiata
asahi asparagus aubergine avocado babyccino bacon bagel baguette baileys baklava balsamic balti
banana bangers banoffee bao barbecue basil bass battered bean beans beef beer belly benedict bento
berry bhaji bhajis bhuna bibimbap biriani biryani biscuit biscuits bitter blackcurrant blueberry
board bolognese bottle bourbon brandy bread breakfast breast brie brioche brisket broccoli brownie
browns bruschetta bruschette budweiser bulgogi bulmers burger burrito butter buttermilk cabbage
cabernet caesar cake calamari california calzone camembert cappuccino caramel carbonara carlsberg
carrot carrots carvery cashew cauliflower cava celery chai chamomile champagne chana chapati
chardonnay cheddar cheese cheeseburger cheesecake cherry chicken chilli chips chocolate chop chops
chorizo chow chowder churros chutney ciabatta cider cinnamon clam clams classic clotted club cobra
coca cocktail coco cocoa coconut cod coffee coke cola colada coleslaw cookie cordial coriander corn
corona cortado cotta courgette crab crackers cream creamy crisps crispy croissant crumble crumpet
cucumber cumberland cupcake curry custard daiquiri dal danish decaf dessert dhal diavola diet dim
dinner dip doner dopiaza double dough doughnut draught drink drizzle duck dumpling dumplings earl
edamame egg eggs elderflower english espresso estrella extra fajita fajitas falafel fanta fettuccine
fillet fish fishcake fishcakes flapjack flat flatbread florentine focaccia fosters frappe fresh
fried fries fritter fruit fudge funghi gammon garlic gelato gin ginger glass gnocchi gobi goose
goreng granola grape grapes gravy green grey grigio grill grilled guacamole guinness gyoza gyros
haddock half halloumi ham hash hawaiian hazelnut heineken herb herbal hoisin hollandaise honey hot
hummus ice iced ipa jacket jalapeno jalapenos jalfrezi jam josh juice karahi katsu kebab keema
ketchup kids kimchi kingfisher kofta korai korma kulcha kung lager laksa lamb large lasagna lasagne
lassi latte lemon lemonade lentil lettuce lime linguine loaded lobster lucozade macchiato mackerel
madras magners main makhani maki malbec mango maple margarita margherita martini masala mash mashed
matcha mayo meal meat meatball meatballs medium mein melon meringue merlot mezze milk milkshake
mince mineral mint miso mixed mocha mojito monkfish moretti moussaka mozzarella muffin mushroom
mushrooms mushy mussels mustard naan nachos nasi negroni nigiri noodle noodles nugget nuggets oat
octopus oil olive olives omelette onion onions orange oyster paella pakora pale pancake pancakes
paneer panini panna pao paratha parmigiana pasanda pasta pastry pasty pate pathia pavlova peach
peanut pear peas penne pepper peppermint pepperoni peppers pepsi peroni peshwari pesto pho pickle
pie pilau pimms pineapple pinot pint pistachio pitta pizza plaice plain platter ploughmans poached
pomodoro poppadom poppadoms pork porridge porter portion potato potatoes prawn prawns profiteroles
prosciutto prosecco provolone pudding pulled pumpkin quesadilla quiche raita ramen raspberry ravioli
red regular rendang rhubarb ribeye ribs rice riesling rigatoni ring rings rioja risotto roast rogan
roll rolls rose roti rum rump saag salad salami salmon salsa salt samosa sandwich sapporo sardines
sashimi satay sauce sausage sausages sauvignon scallop scampi schweppes scone scrambled sea seafood
seekh sesame shake shandy sharing shawarma shiraz shortbread shrimp singapore sirloin slaw slice
small smash smashed smoked smoothie soba soda sole sorbet soup sour sourdough souvlaki soya
spaghetti sparkling special spicy spinach sponge spring sprite spritz squash squid starter steak
stella stew sticky still stout strawberry strongbow stuffed sugar sundae sushi sweet syrup szechuan
taco tacos tagliatelle tandoori tango tapas tarka tart tartare tea teacake tempranillo tempura
teriyaki thali tiger tikka tiramisu toast toastie toffee tofu tomato tomatoes tonic tortilla trifle
trout tuna turkey tzatziki udon vanilla veal vegan vegetable vegetables vegetarian veggie venison
vindaloo vinegar vodka waffle wasabi water wedges whipped whisky white wine wings wonton wrap
yakitori yoghurt yorkshire zero
`)
  .trim()
  .split(' ');

/** A word with its confusable letters made one: 'l', 'i', '1', 'I' alike; 'o', '0'; 'rn' as 'm'. */
function confusable(word: string): string {
  let out = '';
  const lower = word.toLowerCase();
  for (let k = 0; k < lower.length; k++) {
    const c = lower[k]!;
    if (c === 'r' && lower[k + 1] === 'n') {
      out += 'm';
      k++;
    } else if (c === 'l' || c === 'i' || c === '1' || c === '|' || c === '!') out += 'i';
    else if (c === '0') out += 'o';
    else out += c;
  }
  return out;
}

const KNOWN = new Set(WORDS);
/**
 * How many words of the list the text holds (of three letters or more, in any case): of two readings
 * of one line, the one with more of them read the name better (paddle.ts).
 */
export function foodWordCount(text: string): number {
  return letterWords(text).filter((w) => w.length >= 3 && KNOWN.has(w.toLowerCase())).length;
}

/** Each confusable form with the words of the list it could be. */
const BY_FORM = new Map<string, string[]>();
for (const word of WORDS) {
  const form = confusable(word);
  BY_FORM.set(form, [...(BY_FORM.get(form) ?? []), word]);
}

/** The word in the case it was printed in: 'FRIED', 'Fried' or 'fried'. */
function inCase(word: string, like: string): string {
  if (like === like.toUpperCase()) return word.toUpperCase();
  if (like[0] === like[0]!.toUpperCase()) return word[0]!.toUpperCase() + word.slice(1);
  return word;
}

/**
 * Letters the recogniser reads for others of a like shape, by the letter read: strokes side by
 * side ('n' for 'm', 'r' for 'n', 'H' for 'M' or 'W'), round letters ('e' for 'c', 'D' for 'C',
 * 's' for 'e', 'a' for 'e') and thin ones ('t' or 'f' for 'i'). Beyond what `confusable` makes one.
 */
const READ_FOR: Readonly<Record<string, string>> = {
  n: 'mrh',
  r: 'n',
  h: 'mnwb',
  m: 'nhw',
  w: 'mh',
  b: 'h',
  c: 'eo',
  e: 'ca',
  s: 'e',
  a: 'eo',
  o: 'ca',
  d: 'co',
  t: 'if',
  f: 'it',
};

const VOWELS = 'aeiou';

/** The words of the list the word could be with one letter of it read for another (READ_FOR). */
function oneLetterMisread(word: string): Set<string> {
  const lower = word.toLowerCase();
  const fits = new Set<string>();
  for (let k = 0; k < lower.length; k++) {
    const read = lower[k]!;
    // An 'm' may be an 'rn' read as one letter ('Cabemet').
    const options = [...(READ_FOR[read] ?? ''), ...(read === 'm' ? ['rn'] : [])];
    for (const meant of options) {
      const form = confusable(lower.slice(0, k) + meant + lower.slice(k + 1));
      const found = BY_FORM.get(form) ?? [];
      // A word a food word's last vowel away is that food in another language ('oliva', 'tomate',
      // 'salame'): where languages differ, not where a recogniser errs. It is left as read.
      const lastVowel = k === lower.length - 1 && VOWELS.includes(read) && VOWELS.includes(meant);
      if (found.length > 0 && lastVowel) {
        return new Set();
      }
      for (const fit of found) fits.add(fit);
    }
  }
  return fits;
}

/**
 * The name with each misread word repaired where one word of the list, and one only, fits: read
 * with its confusable letters made one, or failing that with one letter read for another of a
 * like shape ('Tonato Jutce', 'Soda Hater', 'Spiey Tuna'). A word of fewer than four letters is
 * left as read, and one of four is read the second way only beside a food word ('Doca Cola'):
 * too many words are a letter from it ('Line Disc' is no 'Lime', 'Tort' no 'Tart').
 */
export function repairedName(name: string): string {
  if (!isOn('letters repaired against food words')) return name;
  // A name with a food word of its own is food: a word of four letters in it may be one too.
  const food = letterWords(name).some((w) => w.length >= 3 && KNOWN.has(w.toLowerCase()));
  const repaired = (word: string): string => {
    if (!hasLetters(word, 2) || KNOWN.has(word.toLowerCase())) return word;
    const fits = BY_FORM.get(confusable(word));
    if (fits?.length === 1) return fits[0] !== word.toLowerCase() ? inCase(fits[0]!, word) : word;
    if (fits?.length || !isOn('one letter read for another of a like shape')) return word;
    if (word.length < (food ? 4 : 5)) return word;
    const misread = [...oneLetterMisread(word)];
    return misread.length === 1 ? inCase(misread[0]!, word) : word;
  };
  return name.replace(/[A-Za-z01|!]{4,}/g, (word) => {
    const whole = repaired(word);
    // Capitals glued before a capitalised word, initials or a mark ('S&PCalanari',
    // 'BLTSandwlch'): the word after them is repaired on its own.
    let capitals = 0;
    while (isUpper(word[capitals])) capitals++;
    if (whole !== word || capitals < 2 || !isLower(word[capitals])) return whole;
    return word.slice(0, capitals - 1) + repaired(word.slice(capitals - 1));
  });
}

/** The letter a digit is read for at a word's start: '1' for 'l', '0' for 'o', '5' for 's'. */
const LETTER_OF_DIGIT: Readonly<Record<string, string>> = {
  '1': 'l',
  '0': 'o',
  '5': 's',
  '8': 'b',
};

/**
 * A name starting with digits glued to a word the list does not know, whose last digit read as the
 * letter of its shape makes a word of the list ('1assi' is 'lassi', '10range' one 'orange'): the
 * digit is that letter, and the digits before it (if any) the count.
 */
export function letterGluedToCount(name: string): string {
  if (!isOn('a letter read as a digit before a word')) return name;
  let k = 0;
  while (isDigit(name[k])) k++;
  let end = k;
  while (isLetter(name[end])) end++;
  const word = name.slice(k, end);
  if (k === 0 || k > 3 || word.length < 2 || KNOWN.has(word.toLowerCase())) return name;
  const letter = LETTER_OF_DIGIT[name[k - 1]!];
  if (!letter) return name;
  const fits = BY_FORM.get(confusable(letter + word));
  if (fits?.length !== 1) return name;
  const count = name.slice(0, k - 1);
  return `${count}${count ? ' ' : ''}${inCase(fits[0]!, word)}${name.slice(end)}`;
}
