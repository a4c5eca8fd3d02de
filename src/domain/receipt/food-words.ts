// Letters the recogniser confuses in item names ('Frled Onlon Rlngs', 'Garllc Bread'), repaired
// against a list of food and drink words, only where the repair is unambiguous: a word not in the
// list whose confusable letters, read the other way, make exactly one word of the list. A word
// the list does not know, or two it could be, is left as read.
import { hasLetters, oneSpaced } from './text';
import { isOn } from './switches';

/** Food and drink words of UK (and other English-speaking) menus and tills. */
const WORDS = oneSpaced(`
almond apple apricot asparagus aubergine avocado bacon bagel baguette balsamic banana barbecue basil
bean beans beef beer berry biscuit biscuits bitter blueberry bolognese bottle bourbon brandy bread
breakfast brie brioche broccoli brownie bruschetta burger burrito butter buttermilk cabbage caesar
cake calamari camembert cappuccino caramel carbonara carrot carrots cashew cauliflower celery
champagne chardonnay cheddar cheese cheeseburger cherry chicken chilli chips chocolate chorizo
chowder cider cinnamon clam classic cocktail coconut cod coffee coke cola coleslaw cookie coriander
corn courgette crab cream creamy crisps croissant crumble cucumber cupcake curry custard dessert
dinner dip double dough doughnut drink duck dumpling dumplings egg eggs espresso falafel fillet
fish flatbread fresh fried fries fritter fruit fudge garlic gin ginger glass grape grapes gravy
green grilled haddock halloumi ham hash herb honey hummus ice iced jam juice kebab ketchup lager
lamb lasagne latte lemon lemonade lentil lettuce lime lobster mango maple mash mashed mayo meal
meatball meatballs medium melon milk milkshake mince mineral mint mocha mozzarella muffin
mushroom mushrooms mussels mustard naan nachos noodle noodles nugget nuggets oat oil olive olives
omelette onion onions orange oyster pakora pancake pancakes paneer pasta pastry pate peach peanut
pear peas penne pepper pepperoni peppers pesto pickle pie pilau pineapple pint pinot pistachio
pitta pizza plain poppadom pork porridge potato potatoes prawn prawns prosecco pudding pumpkin
quiche raspberry ravioli red regular rice ring rings risotto roast roll rolls rose rum salad
salami salmon salsa salt sandwich sauce sausage sausages scallop scampi scone seafood sesame
shake shrimp sirloin slice small smoked smoothie soda sorbet soup sparkling spicy spinach spring
squash squid starter steak stew still strawberry sugar sundae sushi sweet syrup taco tandoori tart
tea tempura tikka toast toastie toffee tofu tomato tomatoes tonic tortilla tuna turkey vanilla
vegetable vegetables veggie vinegar vodka waffle water wedges whisky white wine wings wrap yoghurt
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

/** The name with each misread word repaired where one word of the list, and one only, fits. */
export function repairedName(name: string): string {
  if (!isOn('letters repaired against food words')) return name;
  return name.replace(/[A-Za-z01|!]{4,}/g, (word) => {
    if (!hasLetters(word, 2) || KNOWN.has(word.toLowerCase())) return word;
    const fits = BY_FORM.get(confusable(word));
    return fits?.length === 1 && fits[0] !== word.toLowerCase() ? inCase(fits[0]!, word) : word;
  });
}
