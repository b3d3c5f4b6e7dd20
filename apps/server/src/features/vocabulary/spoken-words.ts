/**
 * Word lists for the placement (docs/vocabulary.md, Placement). SUBTLEX-US keeps each word in the
 * case it is mostly written in, so sentence starts ("What", "How", "Well",
 * "Yes", "Okay") are stored capitalised beside the names ("Jack", "Paris").
 * Capitals do not tell the two apart: this list does.
 */

/**
 * The entries of the 30,000 most frequent SUBTLEX-US words that are names
 * (people, places, brands, titles of works) or subtitle debris ("Synchro",
 * "Weli"), spelled as the list stores them. Made once from every
 * capitalised entry: those WordNet has only as a name, or not at all, unless
 * the tagger reads them as another part of speech than a noun; then reviewed
 * by hand for ranks up to 8,000 (names that are also words, "Jack", "Bill",
 * "Frank", added; sentence words WordNet lacks, "Whoa", "Gotcha", kept out;
 * nationalities, days and months are words, not names). Every other
 * capitalised entry is the common word it starts a sentence with.
 */
const NAME_LIST = `
Jack Michael John Frank George York Joe Sam Bill Mike Charlie Tom Al David Ben Ray
L Paul C Bob Peter Mary Johnny B Harry Danny Il Jimmy J America Henry Ed
Richard Joey E Max R Bobby Steve Paris Billy Tony James P Jim Robert Jerry Luke
Brown Nick Larry Kelly Rory States Rose Van Charles Leo F St San Roger U Amy
Tommy Lee Santa London Jake Ted Sarah Dave Jane Martin G Fred Phoebe Washington Lucy Chicago
Eric Vegas Weli California Walter Pete Helen Adam Emily Dan Tim Peg Smith Susan Phil Scott
Jason Brian Bud England Annie K Anna Lane Arthur Alan Mulder Carter Jackson Ally Grant William
Thomas Margaret Sydney Matt Bond Mexico Jones Piper Claire Angeles Johnson Brad Jeff Kim Sue Cole
Ross Carol Martha Laura Mac Eve Subtitles Texas Hollywood H Logan Karen Lt V Carl France
Maggie Lily Europe Kitty Sally Alice Linda Marie Rick Louis Marshall Pierce Ann Holmes Hank Jesse
Francisco Harold Hercules Drew Jackie Robin China Simon Gary Betty Ellen Kyle Boston Morgan Pa Wilson
Sandy Da Burns Frasier Miller Elizabeth Barbara Maria Donna Charlotte Terry Daniel Parker Kong Fox Lewis
Cliff W Chuck Willie Bruce Nancy Andrew FALSE Jess Watson Anne Rita Wayne Zack Ruth Monica
X Edward Jenny Earl Potter Josh Joseph Jordan Shore Barry Clark Teli Seth Barney Vic Chloe
Rome Kirk Noel El Africa Mickey Lincoln Joan Catherine Albert Stanley Coke Vincent Florida Las Pat
Judy Christopher Russell Hong Jersey Georgia Mitch Devon Janet Victor Oscar Jean Walt Ld Dorothy Daphne
Pacey Cooper Davis Sonny Molly Francis Donald Bundy Peggy Harper Norman Meg Felicity Williams Jen Ken
Dennis Harvey Benny Shirley Wade Buster Jay Vietnam Buzz Beth Miami Le Teddy Lf Walker Rocky
Connie Emma Pearl Porter Steven Japan Matthew Anthony Ling Ralph Mel Morris Chan Warren Oliver Anderson
Chandler Aaron Gene Bo Patrick Harris Yale Diane Wally Murphy Harvard Virginia Louise Palmer Elaine Dallas
Jonathan Mason Tyler Claus Jo Griffin Sherry Sammy Travis Germany Brooklyn Baker Lawrence Bonnie Manny Tokyo
Daisy Berlin Stephen Burt Jill Bernard Rusty Gloria Kenny Stuart Hawk Sookie Edgar Philip Korea Seattle
Abby Colin Troy Leonard Tha Broadway Russia Dana Manhattan Hitler Diego Spike Superman Q Kansas Foster
Magnum Clay Ewing Luther Hawaii Allen Pam Buffalo Ruby Marco Hart Kennedy Z Cohen Debbie Jacob
Synchro Ford Veronica Blake Graham Shakespeare Diana Turner Blanche Randy Wesley Gob Arizona Patty Charley Nelson
Spain Murray Heather Shawn Phoenix Lance Franklin Kay Canada Jefferson Orleans Holly Cathy Roberts Hector Wong
Carmen Philadelphia Detroit Elvis Houston Mars Hans Sidney Cal Coop Caroline Austin Nicky Kane Sharon Caesar
August Rembrandt Leon Shaw Collins Cleveland Romeo Columbo Wha Queens Tarzan Reese Lynn Benjamin Li Alexander
Louie Moscow Hudson Wells Burke Stella Thompson Calvin Brandon Amber Adams Willy Bree Jeremy Madison Dale
Rex Bret Russ Noah Jr Creek Doris Val Marilyn Helio Melissa Ohio Evans Clarence Del Eli
Woody Fisher Arnold Australia Harrison Felix Sheila Denver Brooks Shelly Kent Lori Mick Julius Fletcher Missy
Weaver Mccoy Belle Andromeda Hawkeye Saunders Violet Milo Deb Mae Bp Kathy Abbott Sal Cynthia Lo
Joel Pierre Bailey Moore Si Cuba Perry Mona Un Lizzie Rogers Robinson Ja Jenna Juan Billie
Scotland Julian Alison Wang Olive Victoria Hamilton Sissy Spencer Alfred Fu Joyce Sandra Donny Samson Sylvia
Harriet Christine Glen Moe Tucker Chad Douglas Craig Moses Mack Lester Baltimore Chi Jin Ariel Apollo
Erin Katherine Paulie Simpson Mo Tis Vanessa Baldrick Frankenstein Eugene Eleanor Toby Nevada Kang Rio Shorty
Otto Kerry Nicholas Han Bart Samuel Monroe Trey Horace Woo Peyton Hearst Holland Pedro Miriam Homer
Mississippi Dee Baxter Ming Gypsy Gail Polly Andre Virgil Dexter Atlanta Sawyer Skinner Venice Maris Stewart
Stark Sloan Tiffany Butch Winchester Angelus Bullock Rodney Connecticut Colorado Webster Ramon Bronx Chester Antonio Napoleon
Carolina Hugh Carson Zeus Madeline Gibson Frederick Montgomery Herman Dolly Dickie Juliet Cinderella Buchanan Drake Sark
Montana Heller Randall Vivian Fayed Newport Archie Michigan Pentagon Beau Bon Ra Lv Gilbert Dc Alma
Switzerland Cadillac Hayes Gabriel Hugo Deline Brett Brewster Simmons Lucille Hyde Sophia Merlin Kirby Riley Co
Stanford Oz Madonna Mia Vera Phyllis Maine Pinky Blair Cola Col Sol Monte Mildred Joshua Jasmine
Archer Roland Gregory Hanna Florence Campbell Dwight Erica Warner Holt Rivers Asia Egypt Nova Iris Einstein
Sherlock Atlantis Brazil Ct Colt Olivia Chaplin Kentucky Abraham Chinatown Ana Armstrong Buddha Dante Fay Cassie
Fanny Dom Tammy Marc Jade Hilary Reno Rosa Raines Maxwell Lynch Tara Nemo Sr Lulu Columbus
Seoul Rosemary Memphis Shanghai Yang Cordy Roosevelt Ethel Walsh Finn Apache Utah Columbia Venus Knox Wolfram
Carlo Brent Vienna Judith Dink Princeton Cheyenne Pooh Ay Collier Fuller Nash Marina Amelia Pennsylvania Batman
Deborah Edwards Ernest Frances Lilly Maya Fritz Gideon Blackie Hamlet Lin Dudley Bing Alabama Garrison Britain
Ta Rach Jasper Freud Wisconsin Judas Harlem Panama Suzanne Balboa Barton Steele Jose Mills Hicks Fleming
Josie Les Dj Louisiana Chang Oklahoma Missouri Greece Allah Marge Alaska Vermont Cain Manning Slater Doe
Wah Nixon Sanders Hawkins Hastings Barbie Min Gunther Alec Bannister Richmond Amsterdam Pablo Jerusalem Cheng Dang
Ronald Herbert Hurley Coco Rube Coca Bates Massachusetts Martinez Saigon Puerto Oregon Bender Castro Cha Dixie
Gerald Ferris Delilah Angus Hulk Wright Rev Cora Geneva Jupiter Fink Gen Josephine Norma Gareth Milton
Mar Finch Domino Tennessee Charleston Shelley Usa Truman Quincy Beethoven Des Poppy Fowler Naomi Minnesota Picasso
Eden Lang Reg Caribbean Santos Fei Neal Dolores Bryan Johnnie Lionel Berkeley Schultz Mcdonald Dalton Carolyn
Jap Eagles Donovan Havana Jamaica Edith Sayid Tyr Esther Emmy Lucia Patricia Rufus Garfield Cheung Dix
Dakota Casanova Allan Tex Vernon Toledo Nat Romano Portland Julio Isabel Mozart Rochelle Helena Celeste Yan
Peters Sox Bermuda Cobb Ph Singapore Omaha Richardson Taiwan Nam Chung Poe Buenos Holden Beatrice Muhammad
Rhodes Abner Goldie Cyrus Ambrose Toots Talbot Reagan Whitney Santiago Ezra Dooley Nobel Elle Garth Cincinnati
Isaac Jimbo Sofia Bobbie Maryland Su Kiki Damon Ren Irene Ares Hera Darcy Hartford Dane Niagara
Burton Bertha Toa Vin Byron Tahiti Tristan Lew Solomon Greta Pluto Rodriguez Abigail Hooper Disneyland Beatles
Marianne Constance Thailand Krishna Wagner Vulcan Jekyll Marjorie Spence Nasa Turbo Wellington Beckett Wh Peru Witter
Cho Austria Gaby Che Tibet Casper Eisenhower Poland Goodman Ko Winters Newark Cambridge Bowie Bobo Churchill
Oi Stiles Davy Toto Leonardo Morse Minnie Gertrude Lancelot Paine Vatican Christie Serena Griff Sinatra Hawks
Mal Manchester Gibbons Dora Camelot Fe Cairo Neptune Zorro Sears Hemingway Clive Maru Lila Toro Grande
Theodore Argentina Elmer Pr Madrid Po Grover Sykes Gps Honolulu Sweden Ginny Lex Axel Paso Tiki
Attila Abu Beaumont Cortez Matilda Mullen Disney Tate Pongo Clint Roxy Robbins Marx Penelope Casablanca Mort
Avalon Spears Albuquerque Becker Cesar Rog Clare Cher Davies Siam Tucson Sims Cassandra Dowd Abc Zurich
Ss Ole Lacey Katrina Ludwig Kingston Gant Wa Toronto Kwan Brock Cosmo Edison Wichita Asher Oof
Nebraska Kenya Jacqueline Morocco Babylon Jeremiah Peabody Pinocchio Hotch Barnaby Reds Darwin Ufo Macbeth Christy Della
Lina Hy Pd Milwaukee Gl Hampshire Carole Csi Athens Bombay Lilith Judah Cleopatra Prague Cornell Qu
Tong Vega Lars Kemp Barlow Berger Oakland Mc Zealand Achilles Dunne Nietzschean Bali Macfarlane Dodgers Cubs
Emerson Jer Thor Hodge Billings Bangkok Cleve Philippines Gotham Proteus Ac Wyoming Sioux Bahamas Micah Polk
Mam Woodward Thorpe Sumner Yorker Albany Diem Socrates Hoss Starr Apaches Kahuna Va Wales Smokey Wilder
Ravens Aggie Puli Ava Neela Captions Gandhi Ap Munich Saul Salvador Madeleine Ka Cornwall Taft Bateman
Arkansas Dukes Pc Atta Wynn Birmingham Geiger Bismarck Simba Buick Mein Gs Jude Aphrodite Paco Emory
Galahad Notre Colombia Barcelona Tyrone Cecil Plato Lu Galileo Butters Indy Indiana Petersburg Warsaw Dea Franks
Chun Lora Mt Vinny Purdy Willows Chico Ro Liverpool Lazarus Luce Slade Johns Milan Montreal Tulsa
Pedes Cyprus Baja Elijah Pegasus Pulitzer Fbi Nile Naples Eiffel Ike Mach Pepsi Lakers Delaware Brussels
Meadows Roscoe Dalai Nato Marcello Od Afghanistan Dod Vinci Carey Reeves Capricorn Jameson Romero Webber Naam
Chinaman Franco Parsons Sparta Woodhouse Olympus Bristol Nashville Addison Janus Illinois Franz Vancouver Normandy Cass Scottie
Hiro Sutter Whitman Raphael Kai Liang Bela Hondo Tigger Norway Madge Pearce Gras Chez Hq Una
Oaks Sylvester Glasgow Sellers Hoi Alzheimer Bethlehem Lisbon Keeler Alden Cabot Erika Aladdin Roo Gump Zira
Greenwich Strauss Shea Capone Schneider Moira Choy Acapulco Mets Bu Trenton Hades Lupe Tori Seder Swifty
Hun Plymouth Mp Amos Wildcats Levi Vail Reb Whitfield Stafford Pta Popeye Pl Kaiser Cy Jun
Regina Paolo Anders Dex Soho Burma Flo Vc Haiti Glover Farley Lilo Michelangelo Stalin Hamburg Ballard
Excalibur Leeds Cooley Huns Picard Beulah Heng Saturn Edinburgh Lowe Carr Coombs Petrie Portia Cath Arabia
Minneapolis Grammy Clarke Singh Dominique Fraser Zak Spig Eureka Midtown Crosby Toyota Fiji Deke Borg Jumba
Guatemala Friedman Jiminy Baghdad Isaiah Fairbanks Rc Hud Morpheus Sacramento Polaroid Siberia Burbank Presley Hepburn Alamo
Om Guinevere Gael Muir Chihuahua India Nietzsche Sahara Dover Orion Sweetwater Agamemnon Ave Windsor Panthers Debby
Veda Tootsie Frisco Bb Cambodia Syracuse Beirut Thumper Watergate Keats Odell Ebenezer Kam Spooner Orestes Yggdrasil
Adolf Pasadena Ob Archers Norfolk Springfield Othello Nicaragua Wilton Ger Cokes Portugal Dar Abilene Pissant Ufos
Abel Hansel Jacoby Loren Pippin Bai Hagrid Tres Copenhagen Ryder Gussie Sp Wiki Jube Denmark Boca
Nepal Versailles Hershey Brutus Katharine Grimm Zion Belgium Pakistan Vp Jove Taj Okinawa Lancaster Mao Martians
Hanks Morales Tao Grimes Trina Faraday Goddard Massa Elektra Meril Minerva Timon Yorkers Tampa Bogart Lear
Barbados Richter Kyoto Hubble Altair Drago Cady Watts Tolstoy Malaysia Carroll Antoinette Lor Steadman Morgenstern Canterbury
Gorman Dobie Engle Creasy Alps Lp Skippy Venezuela Congo Salem Dublin Odin Aristotle Lima Sl Dat
Fidel Chuckie Osmond Bilbo Hatcher Smoochy Vip Bel Bibles Bellevue Stockholm Trans Hiroshima Verde Alf Dayton
Electra Reuben Rah Bowers Smalls Cahill Perdy Mussolini Calcutta Vikings Melbourne Vietcong Jericho Turnstiles Meer Commies
Tnt Gettysburg Iowa Klan Peking Raiders Ag Cherokee Chile Angelina Bess Lar Hawthorne Aquarius Winslow Bora
Pac Kodiak Vila Callisto Guinness Marys Afro Bergman Mags Giles Israel Crandall Eastman Blume Toros Stooges
Christianity Bros Arlington Cajun Semper Sim Foo Jacksonville Luna Aztec Taipei Durham Lai Fleur Sanka Bowden
Crower Mudd Rin Rance Selden Layne Burley Dobby Diablo Torah Quasimodo Gi Suzette Tamara Dewitt Portman
Virge Honda Crete Mondo Mali Birdy Nestor Coles Clements Stroud Smee Uther Ponton Revelations Bakersfield Antarctica
Hungary Ulysses Yee Laurence Sade Corinth Isabella Ajax Nazareth Thaddeus Gregor Pard Darby Dodd Corinne Beaufort
Loki Kab Carnegie Fresno Pt Jagger Scarface Lovey Gr Libre Figaro Chewie Romulus Seton Fletch Kersey
Ny Yorkshire Cong Renoir Nike Rousseau Montague Unc Monterey Neddy Galt Veta Newsweek Waldorf Mardi Petit
Zulu Groucho Ville Shi Bannerman Glades Plummer Hephaestus Patel Tanto Greenleaf Brimmer Kuei Mahal Bigfoot Fm
Bordeaux Mayan Marseilles Tourette Arcadia Tc Sho Camilla Pg Brisbane Oedipus Wali Tae Catalina Kuwait Mamie
Twa Buckland Yonkers Bertram Sancho Mau Cmdr Adm Daedalus Nene Ps Gibraltar Highlands Madagascar Ama Dumbo
Qui Pistons Frankfurt Ge Allez Clair Suzuki Talmud Flanders Cleaves Desdemona Newcastle Corso Hays Tutti Morg
Heman Damascus Lafayette Pico Terra Osaka Mayberry Westminster Conner Stoney Wl Prado Fc Tait Choya Airways
Snickers Oscars Confucius Streep Finland Lis Glendale Constantinople Poppa Emp Parton Weathers Bitsy Iceland Bianco Calabrese
Moya Iraq Chrysler Pontiac Ymca Yugoslavia Sheraton Dow Louisville Bolivia Hanoi Woodbury Augusta Alfonso Helios Rohan
Fico Menelaus Flor Dumbledore Pandora Gemini Libya Guam Honduras Shah Cherie Greenland Comanche Carpe Ezekiel Belfast
Colombo Flores Genoa Dundee Hummel Lobo Jennie Vil Lattin Garbo Volkswagen Annapolis Genghis Sri Rams Sudan
Huzzah Pullman Adolph Doppler Alameda Gloucester Cromwell Kensington Armenians Hellman Cappy Argo Bink Josey Feck Koda
Moonraker Manty Rockies Ch Himalayas Vaseline Tb Chinks Eskimos Schubert Sie Hazmat Ontario Rsvp Ahab Noir
Bene Kryptonite Vipers Howe Preppie Mont Dev Beecher Nome Lowry Pyongyang Pawnee Rooks Ballon Omer Duma
Meleager Jehovah Bethesda Methinks Chopin Lebanon Spaniards Dorado Ga Boise Royale Mer Brava Asok Odessa Dade
Chia Schiller Claudius Mountie Sayers Galen Petersen Foss Purim Vassar Bs Crusades Brahms Navajo Sliders Camden
Md Lauderdale Salisbury Seville Chaucer Cumberland Rancho Babcock Kashmir Falk Spats Rebs Lorelei Shih Choco Duper
Reles Buttermaker Polaroids Monaco Lenin Alexandria Vive Czechoslovakia Packers Parkinson Ach Cedars Helsinki Akron Chattanooga Tempe
Ter Poco Arf Breck Saracen Chicano Momo Gammas Carlie Crain Tartars Zod Ribble Sloper Nevermind Americana
Esp Det Hel Yiddish Delhi Grr Leno Saddles Medicaid Amarillo Mustangs Weller Tal Muggles Blanco Conners
Peacekeepers Kriss Domini Masha Bowser Hoke Niobe Thetas Traduction Righto Bitte Gatsby Nicks Interpol Valencia Garvey
Laker Std Epa Cpu Nigeria Alcmene Esmeralda Granada Hei Pows Reina Shirl Cris Duckie Coronado Amie
Cartman Kraken Snell Pompey Destry Beng Micawber Gomorrah Medicare Ems Fido Kewpie Okeydokey Duluth Uranus Beastie
Topeka Landers Midas Spokes Heep Snakeskin Vichy Mille Europa Wat Barth Gonzalo Iago Maggle Peebles Makuta
Shug Sefton Sith Chianti Ds Loc Styrofoam Beelzebub Cadillacs Dresden Verdi Dongs Alba Salutations Athena Puccini
Rhine Dominick Rodman Fie Tartarus Albania Copernicus Grandpapa Munchkins Smithers Carlin Castillo Gelder Maud Bullseye Freddo
Banquo Cesare Megatron Buddhism Aargh Kafka Rochester Spiderman Bridgeport Ukraine Cohens Tallahassee Orpheus Copa Erie Culver
Tel Algiers Bonita Hecht Augustine Levin Artemis Burroughs Stillman Cray Russel Coley Jt Ferrara Rainer Mun
Perseus Benjy Dor Laney Clubber Goth Nairobi Caymans Kiev Mott Ono Magdalene Folsom Og Rosario Woolf
Bwana Gables Cavendish Brodie Sld Derry Jud Virginian Capa Groot Penner Willi Rukh Candler Toit Udo
Magna Thames Englishmen Sistine Danube Berets Coolidge Tch Cardinals Earthlings Nips Schnell Gallup Jughead Santy Chao
Wiggy Neverland Ord Tanna Dsr Gillian Latham Navi Carney Coventry Dasher Alleluia Greco Mim Bos Cates
Squirty Gora Messer Deemer Hornblower Fraid Doa Everglades Speedo Wilco Christmases Gere Asteroids Faulkner Luxembourg Quixote
Syria Vo Borneo Ritter Hanover Mariners Ramada Salome Hales Tania Rosalind Voltaire Cervantes Fisk Dia Kona
Crawley Nagel Brannigan Durant Hasan Patrice Serrano Martel Pell Pollux Gummer Mendy Raku Sensa Thunderball Yod
Chama Tibby Taurus Beretta Blvd Ff Palisades Cs Kama Av Nibs Tillman Antony Grenada Poseidon Quebec
Tennyson Amtrak Carmel Judaism Persia Prix Astor Dharma Nyet Ophelia Ack Dearborn Chapin Hayward Laos Kimura
Malta Sheffield Salle Stillwater Ephraim Ug Galloway Migs Nig Bibi Mab Roque Abraxas Bakshi Diavolo Maquis
Typhon Balu Grat Cera Colet Rainbird Swink Tsurugi Soleil Fili Dramamine Idaho Ortho Pomona Devonshire Mongolia
Presidente Joie Hermes Myron Antwerp Cp Minutemen Medea Pygmies Dolittle Knoxville Hollander Olympia Raptors Lemmon Balkan
Glick Huntley Simeon Donne Angelito Oke Hilts Posey Tete Finders Orientals Americas Mis Yuletide Ec Rottweiler
Diddy Scorpio Styx Db Smiths Sos Cb Pfc Whitehall Yokohama Jakey Labrador Rubin Als Coli Flaubert
Khrushchev Yeh Bakers Ringers Pasteur Koko Stemple Tunney Latigo Muskie Bodhi Caplan Pelham Ruskin Fenster Kan
Meeker Cobby Snape Erk Paga Tingler Wailers Wildwind Yow Humpty Cougars Begone Kodak Fillmore Lyon Ethiopia
Johannesburg Teamsters Mays Palestine Scooch Trinidad Goobers Hurst Merv Worcester Martins Waller Chaka Hoppy Transformers Wacker
Clovers Malachi Vel Persephone Shanti Filipinos Magi Hapsburg Rouen Enright Callan Quist Belli Laury Saladin Yowie
Sartain Aaa Crocker Balkans Chevrolet Janeiro Mesdames Scotia Dept Leningrad Namaste Scotsman Virgo Woolworth Giuseppe Sao
Spaniard Sussex Toms Wicca Bulldogs Dunkirk Valhalla Beaujolais Minotaur Chablis Comanches Hebrews Spiro Skeeter Tory Calais
Carne Gunter Bopper Fitz Huskies Faust Gogo Gaul Linder Reykjavik Wicks Baku Raff Banes Millman Zander
Cygnus Standish Yat Acheron Cuvee Deare Toey Eng Asians Neanderthals Eau Paraguay Cor Hells Magellan Nos
Oc Provence Rialto Whoppers Spokane Gees Camino Clearwater Gramercy Newfoundland Nubian Pilate Jordans Sonics Ae Benadryl
Asperger Harpies Hiller Pembroke Ankara Mig Pandit Perseid Quan Titian Topsy Weymouth Reebok Jackman Marcella Mirabelle
Benet Cag Manitou Melton Sq Pooka Serg Yeo Lins Scaramouche Bangladesh Godiva Baptists Haute Thataway Pu
Chinamen Yellowstone Aztecs Catholicism Istanbul Lombard Yukon Algeria Gospels Britannia Euclid Boogaloo Comstock Damme Jocko Ptt
Westinghouse Cassiopeia Jellybean Sprockets Trojans Loy Mozambique Zanzibar Centauri Rangoon Salinas Bataan Cornwallis Danton Sep Hillman
Hoyle Millenium Sayer Chanukah Mavericks Outworld Danker Reavers Swanny Scolex Semple Joes Westerners Suffolk Andes Vl
Ireland Wheaties Cripes Tallyho Adventist Krispies Sardinia Angola Cassius Eton Iran Yosemite Jemima Majesties Sai Trisha
Bolshevik Chargers Sumatra Cpl Kenner Leipzig Lum Parkers Assisi Sheng Malo Osi Vr Comte Wuzzy Draco
Fords Bobbins Dk Ef Manors Masa Burdon Jasmin Latimer Superstore Azazel Benes Bungo Ramson Rustical Tiu
Bache Sunways Willey Doberman Aclu Potomac Swahili Buddhists Shakespearean Trib Melba Netherlands Penney Pisces Colombians Oedipal
Bonne Goebbels Sig Munster Sicilians Desi Handel Ottawa Dei Galilee Ia Satanists Barnard Blanca Brigades Contessa
Roughnecks Tubman Capulet Harts Jesuits Mendelssohn Mordecai Warners Raffles Brrr Limehouse Sirius Alhambra Gutierrez Spires Tempus
Walla Hecate Leighton Snowshoes Dipsy Mauser Meanies Meta Orth Xenia Atlantean Batts Gribble Huerta Lidia Montero
Urd Berkshire Elisha Phoebus Taber Tramell Tuscarora Brander Brunhild Chiffre Deric Lep Longshanks Noll Prunella Soony
Demi Ouija Touche Dumpty Gomer Hindus Spiritus Anaheim Perfecto Vita Yuk Benjamins Knick Mandingo Parcheesi Broncos
Newtons Avast Br Cobras Pavlov Rs Sambo Slavin Southerners Duc Sanskrit Chol Gila Linwood Seneca Welk
Buzzy Estrada Stiller Stonehenge Henny Leonid Oracles Fishman Orc Cort Enoch Goldy Twitty Goss Steppers Sui
Piggie Priam Rhodesia Stormer Ceil Dort Salina Dux Leng Moco Shirra Timmer Crips Swedes Alberta Sizzler
Celsius Kl Merc Wrigley Ecuador Humph Libra Oslo Quaaludes Texans Sharps Berkowitz Monologues Pres Yom Aldrin
Boyer Ebbets Leicester Stalingrad Vesuvius Acorns Coopers Hyperion Rh Cossack Sabes Tonkin Bec Doli Palestinians Pino
Strom Mora Roquefort Canaan Hotchkiss Marita Mendel Peng Phu Redcoats Reddy Ree Comandante Kendo Kronos Meng
Normans Wendigo Agee Choctaw Jamaicans Muntz Sabina Telford Boof Dagon Fennig Freya Hazen Moonshee Caryl Giulio
Isolde Ruffin Skee Barish Dallis Daric Monteith Ratcher Surat Tave Willes Visita Kabuki Whither Rn Irs
Teleprompter Elks Jacko Woodrow Barrows Goethe Latinos Manchuria Okie Zowie Ak Zimbabwe Arriba Bartholomew Griffins Jerries
Stetson Botswana Botticelli Cienega Parthenon Suez Ck Gipper Bonaventure Damocles Ibm Och Tonga Gaius Hungarians Millard
Oakwood Puget Shabbat Yemen Pointe Tilden Tobe Liberia Minas Shriver Teng Barret Polonius Roche Sikes Culp
Tuan Venner Whitworth Zant Aquila Bluejay Harmonia Mathematic Slote Chiltern Giron Phylon Sordo Proverbs Cheerios Pompeii
Barbies Mir Okeydoke Sierras Vd Alamos Kippur Maximus Sc Aberdeen Furies Ghana Koran Prometheus Yean Bailiffs
Cline Johnnies Pon Blackfoot Dauphine Kath Mayans Rancheros Avis Khmer Rapido Svengali Adonai Cav Lg Lind
Munger Pringle Tay Vite Bytes Dil Greenfield Indonesia Lyn Mong Oilers Sennett Foy Peele Superwoman Tories
Bish Mickeys Persians Slattery Stalag Tanny Eris Reptilians Unix Coombe Kana Pullings Stosh Benn Bovver Carlino
Fafnir Geir Grundy Lorel Oda Rane Towkay Barneys Christendom Cu Entre Freon Oldsmobile Exxon Liquors Montezuma
Scot Somalia Beamer Formica Pos Puritans Uruguay Amazonian Caspian
`

/**
 * Vulgar words and slurs, lower case, that a placement sample never shows a
 * learner (they still count as words once met: the placement's levels are
 * not changed by this list). Ordinary words with a rude sense ("screw",
 * "balls", "hell") are not here.
 */
const VULGAR_LIST = `
anal anus arse arsehole ass asses asshole assholes bastard bastards bestiality bimbo bimbos bitch bitches bitching
bitchy blowjob bollocks boner boob boobs bugger bullshit bullshitter bunghole butt buttock buttocks chink clit clitoris
cock cocks coolie coon coons crap cum cunt cunts dammit damn dick dickhead dicks dildo dominatrix
douche douchebag dumbass dyke ejaculate ejaculation erotic fag faggot faggots fags fecal fellatio fingering fuck fucked
fucker fuckers fucking fucks genitals goddammit goddamn goddamned goddamnit gook grope homo honky hooker hookers horny
humping incest jackass jizz kike kinky knockers masturbate masturbating masturbation motherfucker motherfuckers negro negroes nigga niggas
nigger niggers nipple nipples nympho orgasm orgy paedophile pedophile penis piss pissed pisser pissing poof poon
porn porno pornography prick pube pubes pussies pussy queer rape raped rapes raping rapist rectum retard
retarded semen shag shagging shit shits shitting shitty skank slut sluts smut sodomy spastic spic spunk
swastika threesome tit tits titties titty tranny twat vagina vibrator wank wanker wetback whore whores
`

const words = (list: string) => new Set(list.split(/\s+/).filter(Boolean))

export const SPOKEN_NAMES: ReadonlySet<string> = words(NAME_LIST)
/** How many of SUBTLEX-US's most frequent entries the names list covers. */
export const SPOKEN_NAMES_RANKS = 30_000
export const VULGAR: ReadonlySet<string> = words(VULGAR_LIST)

/**
 * A SUBTLEX-US entry as the word a learner meets: lower case ("What" is
 * "what"), or undefined for a name. "I" stays "I".
 */
export function commonForm(entry: string): string | undefined {
  if (entry === 'I') return entry
  if (entry !== entry.toLowerCase() && SPOKEN_NAMES.has(entry)) return undefined
  return entry.toLowerCase()
}
