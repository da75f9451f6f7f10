print("booknotes")
