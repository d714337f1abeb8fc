from gametable.cli import main

main()
